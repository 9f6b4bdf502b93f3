CREATE TABLE "unibox_mailbox_settings" (
	"email_account_id" integer PRIMARY KEY NOT NULL,
	"unibox" boolean DEFAULT true NOT NULL,
	"sync_paused" boolean DEFAULT false NOT NULL,
	"leads_parsing_only" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "unibox_message_states" (
	"inbound_id" bigint PRIMARY KEY NOT NULL,
	"thread_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"email_account_id" integer NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"is_starred" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"mirror_pending" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unibox_thread_refs" (
	"email_account_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"thread_id" bigint NOT NULL,
	CONSTRAINT "unibox_thread_refs_email_account_id_message_id_pk" PRIMARY KEY("email_account_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "unibox_threads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"email_account_id" integer NOT NULL,
	"counterpart" text NOT NULL,
	"subject_key" text NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unibox_mailbox_settings" ADD CONSTRAINT "unibox_mailbox_settings_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unibox_message_states" ADD CONSTRAINT "unibox_message_states_inbound_id_mail_inbound_id_fk" FOREIGN KEY ("inbound_id") REFERENCES "public"."mail_inbound"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unibox_message_states" ADD CONSTRAINT "unibox_message_states_thread_id_unibox_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."unibox_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unibox_message_states" ADD CONSTRAINT "unibox_message_states_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unibox_message_states" ADD CONSTRAINT "unibox_message_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unibox_message_states" ADD CONSTRAINT "unibox_message_states_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unibox_thread_refs" ADD CONSTRAINT "unibox_thread_refs_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unibox_thread_refs" ADD CONSTRAINT "unibox_thread_refs_thread_id_unibox_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."unibox_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unibox_threads" ADD CONSTRAINT "unibox_threads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unibox_threads" ADD CONSTRAINT "unibox_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unibox_threads" ADD CONSTRAINT "unibox_threads_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unibox_message_states_thread_idx" ON "unibox_message_states" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "unibox_message_states_unread_idx" ON "unibox_message_states" USING btree ("user_id","email_account_id") WHERE not "unibox_message_states"."is_read" and "unibox_message_states"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "unibox_message_states_mirror_idx" ON "unibox_message_states" USING btree ("email_account_id") WHERE "unibox_message_states"."mirror_pending";--> statement-breakpoint
CREATE INDEX "unibox_threads_user_last_idx" ON "unibox_threads" USING btree ("user_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "unibox_threads_subject_idx" ON "unibox_threads" USING btree ("email_account_id","counterpart","subject_key");