DROP INDEX "mail_outbound_mailbox_sent_idx";--> statement-breakpoint
DROP INDEX "mail_outbound_user_idx";--> statement-breakpoint
DROP INDEX "mail_outbound_due_idx";--> statement-breakpoint
DROP INDEX "mail_outbound_recipient_idx";--> statement-breakpoint
CREATE INDEX "mail_outbound_in_flight_idx" ON "mail_outbound" USING btree ("email_account_id","lease_until") WHERE "mail_outbound"."state" in ('claimed', 'sending');--> statement-breakpoint
CREATE INDEX "mail_outbound_due_idx" ON "mail_outbound" USING btree ("not_before") WHERE "mail_outbound"."state" in ('queued', 'retry');--> statement-breakpoint
CREATE INDEX "mail_outbound_recipient_idx" ON "mail_outbound" USING btree ("account_id",lower("to_address"),"sent_at" DESC NULLS LAST) WHERE "mail_outbound"."state" = 'sent';