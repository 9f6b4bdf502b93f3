ALTER TABLE "email_accounts" ADD COLUMN "dkim_public_key" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "dkim_verified_at" timestamp with time zone;