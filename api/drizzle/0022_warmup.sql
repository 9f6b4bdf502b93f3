CREATE TABLE "warmup_mailboxes" (
	"email_account_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"start_volume" integer NOT NULL,
	"daily_increase" integer NOT NULL,
	"ceiling" integer NOT NULL,
	"reply_rate" integer NOT NULL,
	"weekdays_only" boolean DEFAULT false NOT NULL,
	"schedule_id" integer,
	"started_at" timestamp with time zone,
	"days_warmed" integer DEFAULT 0 NOT NULL,
	"last_planned_day" date,
	"health" text,
	"throttled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "warmup_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sender_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"day" date NOT NULL,
	"seq" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'planned' NOT NULL,
	"outbound_id" bigint,
	"token" text,
	"message_id" text,
	"placement" text DEFAULT 'unknown' NOT NULL,
	"placed_at" timestamp with time zone,
	"rescued_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"reply_due_at" timestamp with time zone,
	"reply_outbound_id" bigint,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "warmup_mailboxes" ADD CONSTRAINT "warmup_mailboxes_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warmup_mailboxes" ADD CONSTRAINT "warmup_mailboxes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warmup_mailboxes" ADD CONSTRAINT "warmup_mailboxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warmup_mailboxes" ADD CONSTRAINT "warmup_mailboxes_schedule_id_campaign_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."campaign_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warmup_sends" ADD CONSTRAINT "warmup_sends_sender_id_email_accounts_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warmup_sends" ADD CONSTRAINT "warmup_sends_partner_id_email_accounts_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warmup_mailboxes_user_idx" ON "warmup_mailboxes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "warmup_mailboxes_active_idx" ON "warmup_mailboxes" USING btree ("email_account_id") WHERE "warmup_mailboxes"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "warmup_sends_sender_day_seq_unique" ON "warmup_sends" USING btree ("sender_id","day","seq");--> statement-breakpoint
CREATE INDEX "warmup_sends_partner_day_idx" ON "warmup_sends" USING btree ("partner_id","day");--> statement-breakpoint
CREATE INDEX "warmup_sends_planned_idx" ON "warmup_sends" USING btree ("due_at") WHERE "warmup_sends"."state" = 'planned';--> statement-breakpoint
CREATE INDEX "warmup_sends_reply_due_idx" ON "warmup_sends" USING btree ("reply_due_at") WHERE "warmup_sends"."reply_due_at" is not null and "warmup_sends"."replied_at" is null;