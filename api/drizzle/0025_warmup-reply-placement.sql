-- A warm-up answer is placed (INBOX or spam in the sender's mailbox) and rescued from spam as the note it answers is.
ALTER TABLE "warmup_sends" ADD COLUMN "reply_placement" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "warmup_sends" ADD COLUMN "reply_rescued_at" timestamp with time zone;