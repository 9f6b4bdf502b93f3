CREATE TABLE "campaign_daily_sends" (
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"emails" integer DEFAULT 0 NOT NULL,
	"first_emails" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_daily_sends_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
DROP INDEX "mail_outbound_due_idx";--> statement-breakpoint
ALTER TABLE "mail_outbound" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_daily_sends" ADD CONSTRAINT "campaign_daily_sends_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbound_due_idx" ON "mail_outbound" USING btree ("priority" DESC NULLS LAST,"not_before") WHERE "mail_outbound"."state" in ('queued', 'retry');