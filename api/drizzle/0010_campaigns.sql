CREATE TABLE "campaign_daily_stats" (
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"node_id" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"unique_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_daily_stats_campaign_id_day_node_id_kind_pk" PRIMARY KEY("campaign_id","day","node_id","kind")
);
--> statement-breakpoint
CREATE TABLE "campaign_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"recipient_id" bigint NOT NULL,
	"node_id" text,
	"kind" text NOT NULL,
	"first" boolean DEFAULT false NOT NULL,
	"outbound_id" bigint,
	"source_key" text,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_executor_cursors" (
	"source" text PRIMARY KEY NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaign_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_recipient_steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"recipient_id" bigint NOT NULL,
	"node_id" text NOT NULL,
	"epoch" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"outcome" text,
	"outbound_id" bigint,
	"linkedin_action_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"prospect_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text,
	"linkedin_url" text,
	"provider" text,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"email_account_id" integer,
	"linkedin_account_id" integer,
	"sent" integer DEFAULT 0 NOT NULL,
	"open" integer DEFAULT 0 NOT NULL,
	"click" integer DEFAULT 0 NOT NULL,
	"reply" integer DEFAULT 0 NOT NULL,
	"linkedin_visit" integer DEFAULT 0 NOT NULL,
	"linkedin_like" text DEFAULT 'not_liked' NOT NULL,
	"linkedin_follow" text DEFAULT 'not_followed' NOT NULL,
	"linkedin_invite" text DEFAULT 'not_sent' NOT NULL,
	"linkedin_invite_reply" text DEFAULT 'no_message' NOT NULL,
	"linkedin_message" integer DEFAULT 0 NOT NULL,
	"linkedin_message_reply" text DEFAULT 'not_replied' NOT NULL,
	"linkedin_in_mail" text DEFAULT 'not_sent' NOT NULL,
	"linkedin_in_mail_reply" text DEFAULT 'not_replied' NOT NULL,
	"linkedin_not_reached_profile" boolean DEFAULT false NOT NULL,
	"interest_level" text,
	"goals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contacted" boolean DEFAULT false NOT NULL,
	"definition_version" integer DEFAULT 0 NOT NULL,
	"node_id" text,
	"epoch" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"wait_until" timestamp with time zone,
	"variants" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"thread_message_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaign_senders" (
	"campaign_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sender_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"added_after_launch" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "campaign_senders_campaign_id_kind_sender_id_pk" PRIMARY KEY("campaign_id","kind","sender_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_versions" (
	"campaign_id" integer NOT NULL,
	"version" integer NOT NULL,
	"graph" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_versions_campaign_id_version_pk" PRIMARY KEY("campaign_id","version")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"team_id" integer,
	"title" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"paused_reason" text,
	"creation_step" text DEFAULT 'sequence' NOT NULL,
	"folder_id" integer,
	"list_id" integer,
	"blacklist_id" integer,
	"schedule_id" integer,
	"start_at" jsonb,
	"complete_at" jsonb,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"audience" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deals_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"flowchart" jsonb DEFAULT '{"operators":[],"links":[]}'::jsonb NOT NULL,
	"active_version" integer DEFAULT 0 NOT NULL,
	"launched_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaign_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"timezone" text NOT NULL,
	"days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_template_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"plain_text_mode" boolean DEFAULT false NOT NULL,
	"is_ai_generated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaign_daily_stats" ADD CONSTRAINT "campaign_daily_stats_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_recipient_id_campaign_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."campaign_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_folders" ADD CONSTRAINT "campaign_folders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_folders" ADD CONSTRAINT "campaign_folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipient_steps" ADD CONSTRAINT "campaign_recipient_steps_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipient_steps" ADD CONSTRAINT "campaign_recipient_steps_recipient_id_campaign_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."campaign_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_senders" ADD CONSTRAINT "campaign_senders_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_versions" ADD CONSTRAINT "campaign_versions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_folder_id_campaign_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."campaign_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_list_id_prospect_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."prospect_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_blacklist_id_prospect_lists_id_fk" FOREIGN KEY ("blacklist_id") REFERENCES "public"."prospect_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_schedule_id_campaign_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."campaign_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_schedules" ADD CONSTRAINT "campaign_schedules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_schedules" ADD CONSTRAINT "campaign_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_template_categories" ADD CONSTRAINT "email_template_categories_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_template_categories" ADD CONSTRAINT "email_template_categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_category_id_email_template_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."email_template_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_events_campaign_kind_idx" ON "campaign_events" USING btree ("campaign_id","kind","at");--> statement-breakpoint
CREATE INDEX "campaign_events_recipient_idx" ON "campaign_events" USING btree ("recipient_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_events_source_unique" ON "campaign_events" USING btree ("campaign_id","source_key") WHERE "campaign_events"."source_key" is not null;--> statement-breakpoint
CREATE INDEX "campaign_folders_user_idx" ON "campaign_folders" USING btree ("user_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipient_steps_move_unique" ON "campaign_recipient_steps" USING btree ("recipient_id","node_id","epoch");--> statement-breakpoint
CREATE INDEX "campaign_recipient_steps_campaign_node_idx" ON "campaign_recipient_steps" USING btree ("campaign_id","node_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_campaign_prospect_unique" ON "campaign_recipients" USING btree ("campaign_id","prospect_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_campaign_status_idx" ON "campaign_recipients" USING btree ("campaign_id","status","id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_campaign_id_idx" ON "campaign_recipients" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_email_idx" ON "campaign_recipients" USING btree ("account_id",lower("email"));--> statement-breakpoint
CREATE INDEX "campaign_recipients_due_idx" ON "campaign_recipients" USING btree ("next_run_at") WHERE "campaign_recipients"."status" in ('active', 'processing');--> statement-breakpoint
CREATE INDEX "campaign_recipients_wait_idx" ON "campaign_recipients" USING btree ("wait_until") WHERE "campaign_recipients"."wait_until" is not null;--> statement-breakpoint
CREATE INDEX "campaigns_account_idx" ON "campaigns" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_user_idx" ON "campaigns" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "campaigns_list_idx" ON "campaigns" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "campaign_schedules_user_idx" ON "campaign_schedules" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_template_categories_user_name_unique" ON "email_template_categories" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "email_templates_user_idx" ON "email_templates" USING btree ("user_id","category_id");