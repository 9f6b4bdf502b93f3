CREATE TABLE "mail_inbound" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"email_account_id" integer NOT NULL,
	"folder" text NOT NULL,
	"uid" bigint NOT NULL,
	"message_id" text NOT NULL,
	"in_reply_to" text,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"from_address" text NOT NULL,
	"from_name" text,
	"to_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"class" text NOT NULL,
	"heuristic" boolean DEFAULT false NOT NULL,
	"outbound_id" bigint,
	"bounce" jsonb,
	"preview" text DEFAULT '' NOT NULL,
	"text" text,
	"html" text,
	"size" integer DEFAULT 0 NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"malformed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbound" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"email_account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"campaign_id" integer,
	"recipient_id" integer,
	"step" integer,
	"idempotency_key" text,
	"is_first_email" boolean DEFAULT false NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text,
	"text" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message_id" text NOT NULL,
	"provider_message_id" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"claimed_by" text,
	"last_error" text,
	"smtp_code" integer,
	"enhanced_code" text,
	"first_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_suppressions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"outbound_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_sync_cursors" (
	"email_account_id" integer NOT NULL,
	"folder" text NOT NULL,
	"uid_validity" bigint NOT NULL,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"highest_modseq" bigint,
	"synced_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "mail_sync_cursors_email_account_id_folder_pk" PRIMARY KEY("email_account_id","folder")
);
--> statement-breakpoint
CREATE TABLE "mail_tracking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"outbound_id" bigint NOT NULL,
	"link_id" text,
	"kind" text NOT NULL,
	"machine" boolean NOT NULL,
	"reason" text,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_tracking_links" (
	"id" text PRIMARY KEY NOT NULL,
	"outbound_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailbox_daily_usage" (
	"email_account_id" integer NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"first_emails" integer DEFAULT 0 NOT NULL,
	"warmup" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mailbox_daily_usage_email_account_id_day_pk" PRIMARY KEY("email_account_id","day")
);
--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "sender_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "provider" text DEFAULT 'smtp' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "preset" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "smtp_host" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "smtp_port" integer;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "smtp_security" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "smtp_user" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "imap_host" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "imap_port" integer;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "imap_security" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "imap_user" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "credentials" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "daily_limit" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "min_gap_seconds" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "max_gap_seconds" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "first_email_daily_limit" integer;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "sending_window" jsonb;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "signature_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "tracking_domain" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "tracking_domain_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "shared_with_team" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "dkim_selector" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "dkim_private_key" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "first_sync_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "last_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_inbound" ADD CONSTRAINT "mail_inbound_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_inbound" ADD CONSTRAINT "mail_inbound_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_inbound" ADD CONSTRAINT "mail_inbound_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_inbound" ADD CONSTRAINT "mail_inbound_outbound_id_mail_outbound_id_fk" FOREIGN KEY ("outbound_id") REFERENCES "public"."mail_outbound"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbound" ADD CONSTRAINT "mail_outbound_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbound" ADD CONSTRAINT "mail_outbound_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbound" ADD CONSTRAINT "mail_outbound_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_suppressions" ADD CONSTRAINT "mail_suppressions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_sync_cursors" ADD CONSTRAINT "mail_sync_cursors_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_tracking_events" ADD CONSTRAINT "mail_tracking_events_outbound_id_mail_outbound_id_fk" FOREIGN KEY ("outbound_id") REFERENCES "public"."mail_outbound"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_tracking_events" ADD CONSTRAINT "mail_tracking_events_link_id_mail_tracking_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."mail_tracking_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_tracking_links" ADD CONSTRAINT "mail_tracking_links_outbound_id_mail_outbound_id_fk" FOREIGN KEY ("outbound_id") REFERENCES "public"."mail_outbound"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_daily_usage" ADD CONSTRAINT "mailbox_daily_usage_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_inbound_mailbox_message_unique" ON "mail_inbound" USING btree ("email_account_id","message_id");--> statement-breakpoint
CREATE INDEX "mail_inbound_user_idx" ON "mail_inbound" USING btree ("user_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_inbound_outbound_idx" ON "mail_inbound" USING btree ("outbound_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbound_step_unique" ON "mail_outbound" USING btree ("campaign_id","recipient_id","step") WHERE "mail_outbound"."campaign_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbound_key_unique" ON "mail_outbound" USING btree ("idempotency_key") WHERE "mail_outbound"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbound_message_id_unique" ON "mail_outbound" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "mail_outbound_due_idx" ON "mail_outbound" USING btree ("state","not_before");--> statement-breakpoint
CREATE INDEX "mail_outbound_mailbox_sent_idx" ON "mail_outbound" USING btree ("email_account_id","sent_at");--> statement-breakpoint
CREATE INDEX "mail_outbound_user_idx" ON "mail_outbound" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "mail_suppressions_account_email_unique" ON "mail_suppressions" USING btree ("account_id",lower("email"));--> statement-breakpoint
CREATE INDEX "mail_tracking_events_outbound_idx" ON "mail_tracking_events" USING btree ("outbound_id","kind");--> statement-breakpoint
CREATE INDEX "mail_tracking_links_outbound_idx" ON "mail_tracking_links" USING btree ("outbound_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_accounts_user_email_unique" ON "email_accounts" USING btree ("user_id",lower("email")) WHERE "email_accounts"."deleted_at" is null;