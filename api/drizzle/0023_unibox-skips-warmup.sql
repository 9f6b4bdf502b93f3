-- Warm-up mail (mail_inbound.class = 'warmup', stored by the sync only for a mark that verifies) is
-- no conversation: the unibox never threads, shows or counts it.
CREATE OR REPLACE FUNCTION "unibox_unthreaded_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "unibox_unthreaded" ("inbound_id", "account_id", "user_id", "email_account_id")
    SELECT n."id", n."account_id", n."user_id", n."email_account_id" FROM new_rows n WHERE n."class" <> 'warmup';
  RETURN NULL;
END $$;--> statement-breakpoint
DELETE FROM "unibox_unthreaded" u USING "mail_inbound" i WHERE i."id" = u."inbound_id" AND i."class" = 'warmup';--> statement-breakpoint
DELETE FROM "unibox_message_states" s USING "mail_inbound" i WHERE i."id" = s."inbound_id" AND i."class" = 'warmup';
