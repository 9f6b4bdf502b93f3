CREATE TABLE "unibox_outgoing" (
	"id" bigint PRIMARY KEY DEFAULT nextval('mail_inbound_id_seq') NOT NULL,
	"outbound_id" bigint NOT NULL,
	"thread_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"email_account_id" integer NOT NULL,
	"mode" text NOT NULL,
	"message_id" text NOT NULL,
	"in_reply_to" text,
	"to_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_copy" text DEFAULT 'none' NOT NULL,
	"sent_copy_attempts" smallint DEFAULT 0 NOT NULL,
	"sent_copy_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_inbound" ADD COLUMN "reply_to_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "unibox_outgoing" ADD CONSTRAINT "unibox_outgoing_outbound_id_mail_outbound_id_fk" FOREIGN KEY ("outbound_id") REFERENCES "public"."mail_outbound"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unibox_outgoing" ADD CONSTRAINT "unibox_outgoing_thread_id_unibox_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."unibox_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unibox_outgoing" ADD CONSTRAINT "unibox_outgoing_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unibox_outgoing" ADD CONSTRAINT "unibox_outgoing_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unibox_outgoing" ADD CONSTRAINT "unibox_outgoing_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unibox_outgoing_outbound_unique" ON "unibox_outgoing" USING btree ("outbound_id");--> statement-breakpoint
CREATE INDEX "unibox_outgoing_thread_idx" ON "unibox_outgoing" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "unibox_outgoing_copy_idx" ON "unibox_outgoing" USING btree ("email_account_id") WHERE "unibox_outgoing"."sent_copy" = 'pending';