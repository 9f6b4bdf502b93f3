CREATE TABLE "unibox_linkedin_threads" (
	"id" bigint PRIMARY KEY DEFAULT nextval('unibox_threads_id_seq') NOT NULL,
	"account_id" integer NOT NULL,
	"linkedin_account_id" integer NOT NULL,
	"thread_key" text NOT NULL,
	"profile_url" text NOT NULL,
	"profile_name" text,
	"last_message_at" timestamp with time zone NOT NULL,
	"has_incoming" boolean DEFAULT false NOT NULL,
	"is_starred" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unibox_linkedin_threads" ADD CONSTRAINT "unibox_linkedin_threads_linkedin_account_id_linkedin_accounts_id_fk" FOREIGN KEY ("linkedin_account_id") REFERENCES "public"."linkedin_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unibox_linkedin_threads_key" ON "unibox_linkedin_threads" USING btree ("linkedin_account_id","thread_key");--> statement-breakpoint
CREATE INDEX "unibox_linkedin_threads_last_idx" ON "unibox_linkedin_threads" USING btree ("linkedin_account_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "linkedin_messages_unread_idx" ON "linkedin_messages" USING btree ("linkedin_account_id","thread_key") WHERE "linkedin_messages"."direction" = 'in' and "linkedin_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "linkedin_messages_search_idx" ON "linkedin_messages" USING gin (to_tsvector('simple'::regconfig, coalesce("profile_name", '') || ' ' || coalesce("subject", '') || ' ' || "body"));--> statement-breakpoint
-- Every LinkedIn message stored (read from the inbox or sent by the runner) files its conversation
-- (statement-level: one insert per runner statement; grouped, since a statement may carry several
-- messages of one conversation and ON CONFLICT may touch a row once).
CREATE FUNCTION "unibox_linkedin_thread_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "unibox_linkedin_threads" ("account_id", "linkedin_account_id", "thread_key", "profile_url", "profile_name", "last_message_at", "has_incoming")
    SELECT min(n."account_id"), n."linkedin_account_id", n."thread_key", min(n."profile_url"), max(n."profile_name"), max(n."sent_at"),
           bool_or(n."direction" = 'in')
    FROM new_rows n GROUP BY n."linkedin_account_id", n."thread_key"
  ON CONFLICT ("linkedin_account_id", "thread_key") DO UPDATE SET
    "last_message_at" = greatest("unibox_linkedin_threads"."last_message_at", excluded."last_message_at"),
    "profile_name" = coalesce(excluded."profile_name", "unibox_linkedin_threads"."profile_name"),
    "has_incoming" = "unibox_linkedin_threads"."has_incoming" OR excluded."has_incoming",
    -- A new message from the other side takes the conversation out of the trash, as new mail does.
    "deleted_at" = CASE WHEN excluded."has_incoming" THEN NULL ELSE "unibox_linkedin_threads"."deleted_at" END;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "linkedin_messages_unibox_thread" AFTER INSERT ON "linkedin_messages" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "unibox_linkedin_thread_touch"();--> statement-breakpoint
-- The conversations of messages stored before.
INSERT INTO "unibox_linkedin_threads" ("account_id", "linkedin_account_id", "thread_key", "profile_url", "profile_name", "last_message_at", "has_incoming")
  SELECT min(m."account_id"), m."linkedin_account_id", m."thread_key", min(m."profile_url"), max(m."profile_name"), max(m."sent_at"),
         bool_or(m."direction" = 'in')
  FROM "linkedin_messages" m GROUP BY m."linkedin_account_id", m."thread_key";
