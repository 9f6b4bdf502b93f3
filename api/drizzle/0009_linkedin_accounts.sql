CREATE TABLE "linkedin_social_url_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_name_original" text NOT NULL,
	"rows_count" integer NOT NULL,
	"prospects_list_id" integer NOT NULL,
	"social_account_id" integer,
	"status" text NOT NULL,
	"status_reason" text,
	"links" jsonb NOT NULL,
	"links_read" integer DEFAULT 0 NOT NULL,
	"prospects_saved" integer DEFAULT 0 NOT NULL,
	"bad_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"run" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "linkedin_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"assigned_user_id" integer,
	"team_id" integer,
	"provider" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"member_key" text,
	"profile_url" text,
	"profile_name" text,
	"state" text DEFAULT 'pending_connection' NOT NULL,
	"state_reason" text,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"two_factor_method" text,
	"challenge" text,
	"challenge_expires_at" timestamp with time zone,
	"challenge_attempts" integer DEFAULT 0 NOT NULL,
	"session" text,
	"session_checked_at" timestamp with time zone,
	"proxy_kind" text DEFAULT 'builtin' NOT NULL,
	"proxy_country_id" integer,
	"proxy_host" text,
	"proxy_port" integer,
	"proxy_username" text,
	"proxy_password" text,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"working_hours" jsonb NOT NULL,
	"limits" jsonb NOT NULL,
	"min_gap_seconds" integer DEFAULT 90 NOT NULL,
	"max_gap_seconds" integer DEFAULT 300 NOT NULL,
	"connect_limit" integer DEFAULT 100 NOT NULL,
	"warm_up" boolean DEFAULT false NOT NULL,
	"warm_up_started_at" timestamp with time zone,
	"last_action_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "linkedin_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"linkedin_account_id" integer NOT NULL,
	"action" text NOT NULL,
	"origin" text NOT NULL,
	"profile_url" text NOT NULL,
	"subject" text,
	"content" text,
	"campaign_id" integer,
	"recipient_id" integer,
	"step" integer,
	"idempotency_key" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"claimed_by" text,
	"result" jsonb,
	"counted_on" date,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "linkedin_daily_usage" (
	"linkedin_account_id" integer NOT NULL,
	"day" date NOT NULL,
	"action" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"warmup" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "linkedin_daily_usage_linkedin_account_id_day_action_pk" PRIMARY KEY("linkedin_account_id","day","action")
);
--> statement-breakpoint
CREATE TABLE "linkedin_inbox_state" (
	"linkedin_account_id" integer PRIMARY KEY NOT NULL,
	"cursor" text,
	"polled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "linkedin_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"linkedin_account_id" integer NOT NULL,
	"action_id" bigint,
	"profile_url" text NOT NULL,
	"profile_name" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"campaign_id" integer,
	"recipient_id" integer
);
--> statement-breakpoint
CREATE TABLE "linkedin_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"linkedin_account_id" integer NOT NULL,
	"network_message_id" text NOT NULL,
	"thread_key" text NOT NULL,
	"profile_url" text NOT NULL,
	"profile_name" text,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"action_id" bigint,
	"campaign_id" integer,
	"recipient_id" integer,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "linkedin_sandbox_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"linkedin_account_id" integer NOT NULL,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"profile_url" text NOT NULL,
	"profile_name" text,
	"sent_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"network_message_id" text,
	"thread_key" text,
	"message_kind" text,
	"subject" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "linkedin_slot_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"requester_id" integer NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"slot_id" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "linkedin_search_tasks" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "linkedin_social_url_imports" ADD CONSTRAINT "linkedin_social_url_imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_social_url_imports" ADD CONSTRAINT "linkedin_social_url_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_social_url_imports" ADD CONSTRAINT "linkedin_social_url_imports_social_account_id_linkedin_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."linkedin_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_accounts" ADD CONSTRAINT "linkedin_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_accounts" ADD CONSTRAINT "linkedin_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_accounts" ADD CONSTRAINT "linkedin_accounts_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_accounts" ADD CONSTRAINT "linkedin_accounts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_actions" ADD CONSTRAINT "linkedin_actions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_actions" ADD CONSTRAINT "linkedin_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_actions" ADD CONSTRAINT "linkedin_actions_linkedin_account_id_linkedin_accounts_id_fk" FOREIGN KEY ("linkedin_account_id") REFERENCES "public"."linkedin_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_daily_usage" ADD CONSTRAINT "linkedin_daily_usage_linkedin_account_id_linkedin_accounts_id_fk" FOREIGN KEY ("linkedin_account_id") REFERENCES "public"."linkedin_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_inbox_state" ADD CONSTRAINT "linkedin_inbox_state_linkedin_account_id_linkedin_accounts_id_fk" FOREIGN KEY ("linkedin_account_id") REFERENCES "public"."linkedin_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_invitations" ADD CONSTRAINT "linkedin_invitations_linkedin_account_id_linkedin_accounts_id_fk" FOREIGN KEY ("linkedin_account_id") REFERENCES "public"."linkedin_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_invitations" ADD CONSTRAINT "linkedin_invitations_action_id_linkedin_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."linkedin_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_messages" ADD CONSTRAINT "linkedin_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_messages" ADD CONSTRAINT "linkedin_messages_linkedin_account_id_linkedin_accounts_id_fk" FOREIGN KEY ("linkedin_account_id") REFERENCES "public"."linkedin_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_messages" ADD CONSTRAINT "linkedin_messages_action_id_linkedin_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."linkedin_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_sandbox_events" ADD CONSTRAINT "linkedin_sandbox_events_linkedin_account_id_linkedin_accounts_id_fk" FOREIGN KEY ("linkedin_account_id") REFERENCES "public"."linkedin_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_slot_requests" ADD CONSTRAINT "linkedin_slot_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_slot_requests" ADD CONSTRAINT "linkedin_slot_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_slot_requests" ADD CONSTRAINT "linkedin_slot_requests_slot_id_linkedin_accounts_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."linkedin_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_slot_requests" ADD CONSTRAINT "linkedin_slot_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "linkedin_social_url_imports_user_idx" ON "linkedin_social_url_imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "linkedin_social_url_imports_social_account_idx" ON "linkedin_social_url_imports" USING btree ("social_account_id");--> statement-breakpoint
CREATE INDEX "linkedin_accounts_user_idx" ON "linkedin_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "linkedin_accounts_assigned_idx" ON "linkedin_accounts" USING btree ("assigned_user_id");--> statement-breakpoint
CREATE INDEX "linkedin_accounts_team_idx" ON "linkedin_accounts" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "linkedin_accounts_member_unique" ON "linkedin_accounts" USING btree ("account_id","provider","member_key") WHERE "linkedin_accounts"."deleted_at" is null and "linkedin_accounts"."member_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "linkedin_actions_step_unique" ON "linkedin_actions" USING btree ("campaign_id","recipient_id","step") WHERE "linkedin_actions"."campaign_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "linkedin_actions_key_unique" ON "linkedin_actions" USING btree ("linkedin_account_id","idempotency_key") WHERE "linkedin_actions"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "linkedin_actions_due_idx" ON "linkedin_actions" USING btree ("due_at") WHERE "linkedin_actions"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "linkedin_actions_account_idx" ON "linkedin_actions" USING btree ("linkedin_account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "linkedin_actions_running_idx" ON "linkedin_actions" USING btree ("lease_until") WHERE "linkedin_actions"."state" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "linkedin_invitations_profile_unique" ON "linkedin_invitations" USING btree ("linkedin_account_id","profile_url");--> statement-breakpoint
CREATE INDEX "linkedin_invitations_pending_idx" ON "linkedin_invitations" USING btree ("linkedin_account_id") WHERE "linkedin_invitations"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "linkedin_messages_network_unique" ON "linkedin_messages" USING btree ("linkedin_account_id","network_message_id");--> statement-breakpoint
CREATE INDEX "linkedin_messages_thread_idx" ON "linkedin_messages" USING btree ("linkedin_account_id","thread_key","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "linkedin_sandbox_events_key_unique" ON "linkedin_sandbox_events" USING btree ("linkedin_account_id","event_key");--> statement-breakpoint
CREATE INDEX "linkedin_sandbox_events_due_idx" ON "linkedin_sandbox_events" USING btree ("linkedin_account_id","due_at");--> statement-breakpoint
CREATE INDEX "linkedin_slot_requests_team_idx" ON "linkedin_slot_requests" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "linkedin_slot_requests_pending_unique" ON "linkedin_slot_requests" USING btree ("requester_id") WHERE "linkedin_slot_requests"."status" = 'pending';--> statement-breakpoint
-- Hand-added: search tasks from before connected accounts ran on a made-up account id of the sandbox network; the foreign key below cannot hold for them. The prospects they saved stay in their lists.
DELETE FROM "linkedin_search_tasks" t WHERE NOT EXISTS (SELECT 1 FROM "linkedin_accounts" a WHERE a.id = t.social_account_id);--> statement-breakpoint
ALTER TABLE "linkedin_search_tasks" ADD CONSTRAINT "linkedin_search_tasks_social_account_id_linkedin_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."linkedin_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "linkedin_search_tasks_social_account_idx" ON "linkedin_search_tasks" USING btree ("social_account_id");