CREATE TABLE "unibox_unthreaded" (
	"inbound_id" bigint PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"email_account_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unibox_unthreaded" ADD CONSTRAINT "unibox_unthreaded_inbound_id_mail_inbound_id_fk" FOREIGN KEY ("inbound_id") REFERENCES "public"."mail_inbound"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unibox_unthreaded_user_idx" ON "unibox_unthreaded" USING btree ("user_id");--> statement-breakpoint
-- Every message the sync stores waits here until the unibox threads it (statement-level: one insert per sync statement).
CREATE FUNCTION "unibox_unthreaded_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "unibox_unthreaded" ("inbound_id", "account_id", "user_id", "email_account_id")
    SELECT n."id", n."account_id", n."user_id", n."email_account_id" FROM new_rows n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "mail_inbound_unthreaded" AFTER INSERT ON "mail_inbound" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "unibox_unthreaded_add"();--> statement-breakpoint
-- What was stored before and not threaded yet (a paused mailbox's mail, or mail no list has asked for).
INSERT INTO "unibox_unthreaded" ("inbound_id", "account_id", "user_id", "email_account_id")
  SELECT i."id", i."account_id", i."user_id", i."email_account_id" FROM "mail_inbound" i
  WHERE NOT EXISTS (SELECT 1 FROM "unibox_message_states" s WHERE s."inbound_id" = i."id");
