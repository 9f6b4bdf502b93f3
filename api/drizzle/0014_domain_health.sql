CREATE TABLE "domain_health_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"domain" text NOT NULL,
	"health" text NOT NULL,
	"checks" jsonb NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_health_checks" ADD CONSTRAINT "domain_health_checks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_health_checks" ADD CONSTRAINT "domain_health_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "domain_health_checks_user_domain_unique" ON "domain_health_checks" USING btree ("user_id","domain");--> statement-breakpoint
CREATE INDEX "domain_health_checks_checked_idx" ON "domain_health_checks" USING btree ("checked_at");