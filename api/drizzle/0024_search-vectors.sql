DROP INDEX "mail_inbound_search_idx";--> statement-breakpoint
DROP INDEX "linkedin_messages_search_idx";--> statement-breakpoint
ALTER TABLE "mail_inbound" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(from_name, '') || ' ' || replace(from_address, '@', ' ') || ' ' || subject || ' ' || coalesce(text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "linkedin_messages" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(profile_name, '') || ' ' || coalesce(subject, '') || ' ' || body)) STORED;--> statement-breakpoint
CREATE INDEX "mail_inbound_search_idx" ON "mail_inbound" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "linkedin_messages_search_idx" ON "linkedin_messages" USING gin ("search_vector");