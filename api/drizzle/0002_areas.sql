CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_norm" text NOT NULL,
	"url" text,
	"domain" text,
	"industry" text,
	"country" text,
	"size" text,
	"logo" text,
	"hq_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_list_items" (
	"list_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_list_items_list_id_company_id_pk" PRIMARY KEY("list_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "custom_field_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'text' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"group_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_folder_items" (
	"folder_id" integer NOT NULL,
	"list_id" integer NOT NULL,
	CONSTRAINT "list_folder_items_folder_id_list_id_pk" PRIMARY KEY("folder_id","list_id")
);
--> statement-breakpoint
CREATE TABLE "list_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospect_column_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"settings" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospect_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"prospect_id" integer NOT NULL,
	"company_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"hq_phone" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospect_custom_values" (
	"prospect_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "prospect_custom_values_prospect_id_field_id_pk" PRIMARY KEY("prospect_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "prospect_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"prospect_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospect_import_chunks" (
	"import_id" text NOT NULL,
	"index" integer NOT NULL,
	"data" text NOT NULL,
	CONSTRAINT "prospect_import_chunks_import_id_index_pk" PRIMARY KEY("import_id","index")
);
--> statement-breakpoint
CREATE TABLE "prospect_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"list_id" integer NOT NULL,
	"file_name" text,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"mapping" jsonb,
	"duplicate_policy" text DEFAULT 'skip' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"rejected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rejected_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "prospect_list_items" (
	"list_id" integer NOT NULL,
	"prospect_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prospect_list_items_list_id_prospect_id_pk" PRIMARY KEY("list_id","prospect_id")
);
--> statement-breakpoint
CREATE TABLE "prospect_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" text DEFAULT 'prospect' NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "prospect_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"prospect_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"note_text" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospect_phones" (
	"id" serial PRIMARY KEY NOT NULL,
	"prospect_id" integer NOT NULL,
	"phone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospect_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"filters" jsonb NOT NULL,
	"results_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospect_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"prospect_id" integer NOT NULL,
	"tag_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"list_id" integer,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'custom' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_verification_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"bulk_id" integer NOT NULL,
	"row" integer NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "bulk_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"valid" integer DEFAULT 0 NOT NULL,
	"not_valid" integer DEFAULT 0 NOT NULL,
	"catch_all" integer DEFAULT 0 NOT NULL,
	"unknown" integer DEFAULT 0 NOT NULL,
	"greylist" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"charged" integer DEFAULT 0 NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"detail" jsonb NOT NULL,
	"source" text NOT NULL,
	"charged" boolean DEFAULT false NOT NULL,
	"retry_count" smallint DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_cache" (
	"email" text PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"status" text NOT NULL,
	"detail" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finder_bulk_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"found" integer DEFAULT 0 NOT NULL,
	"target_list_id" integer,
	"target_list_name" text,
	"list_id" integer,
	"position" text,
	"run" integer DEFAULT 0 NOT NULL,
	"queue_job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finder_bulk_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"bulk_id" integer NOT NULL,
	"row" integer NOT NULL,
	"first_name" text,
	"last_name" text,
	"domain" text NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"results" jsonb
);
--> statement-breakpoint
CREATE TABLE "finder_pattern_stats" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"domain" text NOT NULL,
	"pattern" text NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finder_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"search_id" text NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"domain" text NOT NULL,
	"label" text NOT NULL,
	"email" text,
	"status" text,
	"found" integer DEFAULT 0 NOT NULL,
	"company_name" text,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finder_searches_search_id_unique" UNIQUE("search_id")
);
--> statement-breakpoint
CREATE TABLE "linkedin_saved_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"profile_url" text NOT NULL,
	"task_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "linkedin_search_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"url" text NOT NULL,
	"social_account_id" integer NOT NULL,
	"prospects_list_id" integer NOT NULL,
	"prospects_total" integer NOT NULL,
	"is_skip_saved" boolean NOT NULL,
	"is_save_without_email" boolean NOT NULL,
	"status" text NOT NULL,
	"prospects_found" integer DEFAULT 0 NOT NULL,
	"prospects_saved" integer DEFAULT 0 NOT NULL,
	"bad_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prospect_emails" ADD COLUMN "status" text DEFAULT 'not_verified' NOT NULL;--> statement-breakpoint
ALTER TABLE "prospect_emails" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "industry_id" integer;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "industry" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "country_id" integer;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "locality" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "source_page" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "social" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "social_norm" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "other_socials" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "timezone" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "company_industry" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "company_country" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "name_company_key" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_history" ADD CONSTRAINT "company_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_list_items" ADD CONSTRAINT "company_list_items_list_id_prospect_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."prospect_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_list_items" ADD CONSTRAINT "company_list_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_groups" ADD CONSTRAINT "custom_field_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_group_id_custom_field_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."custom_field_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_folder_items" ADD CONSTRAINT "list_folder_items_folder_id_list_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."list_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_folder_items" ADD CONSTRAINT "list_folder_items_list_id_prospect_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."prospect_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_folders" ADD CONSTRAINT "list_folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_column_settings" ADD CONSTRAINT "prospect_column_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_companies" ADD CONSTRAINT "prospect_companies_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_companies" ADD CONSTRAINT "prospect_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_custom_values" ADD CONSTRAINT "prospect_custom_values_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_custom_values" ADD CONSTRAINT "prospect_custom_values_field_id_custom_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."custom_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_events" ADD CONSTRAINT "prospect_events_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_events" ADD CONSTRAINT "prospect_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_import_chunks" ADD CONSTRAINT "prospect_import_chunks_import_id_prospect_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."prospect_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_imports" ADD CONSTRAINT "prospect_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_imports" ADD CONSTRAINT "prospect_imports_list_id_prospect_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."prospect_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_list_items" ADD CONSTRAINT "prospect_list_items_list_id_prospect_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."prospect_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_list_items" ADD CONSTRAINT "prospect_list_items_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_lists" ADD CONSTRAINT "prospect_lists_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_lists" ADD CONSTRAINT "prospect_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_notes" ADD CONSTRAINT "prospect_notes_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_notes" ADD CONSTRAINT "prospect_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_phones" ADD CONSTRAINT "prospect_phones_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_searches" ADD CONSTRAINT "prospect_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_tags" ADD CONSTRAINT "prospect_tags_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_tags" ADD CONSTRAINT "prospect_tags_tag_id_user_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."user_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_processes" ADD CONSTRAINT "tag_processes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tags" ADD CONSTRAINT "user_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_verification_rows" ADD CONSTRAINT "bulk_verification_rows_bulk_id_bulk_verifications_id_fk" FOREIGN KEY ("bulk_id") REFERENCES "public"."bulk_verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_verifications" ADD CONSTRAINT "bulk_verifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_verifications" ADD CONSTRAINT "bulk_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_ledger" ADD CONSTRAINT "verification_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_ledger" ADD CONSTRAINT "verification_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finder_bulk_jobs" ADD CONSTRAINT "finder_bulk_jobs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finder_bulk_jobs" ADD CONSTRAINT "finder_bulk_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finder_bulk_rows" ADD CONSTRAINT "finder_bulk_rows_bulk_id_finder_bulk_jobs_id_fk" FOREIGN KEY ("bulk_id") REFERENCES "public"."finder_bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finder_pattern_stats" ADD CONSTRAINT "finder_pattern_stats_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finder_searches" ADD CONSTRAINT "finder_searches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finder_searches" ADD CONSTRAINT "finder_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_saved_profiles" ADD CONSTRAINT "linkedin_saved_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_search_tasks" ADD CONSTRAINT "linkedin_search_tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linkedin_search_tasks" ADD CONSTRAINT "linkedin_search_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_user_name_unique" ON "companies" USING btree ("user_id","name_norm");--> statement-breakpoint
CREATE INDEX "companies_user_name_idx" ON "companies" USING btree ("user_id","name_norm" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "company_history_user_idx" ON "company_history" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "company_list_items_company_idx" ON "company_list_items" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_user_name_unique" ON "custom_fields" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "list_folder_items_list_idx" ON "list_folder_items" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "list_folders_user_idx" ON "list_folders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "prospect_companies_prospect_idx" ON "prospect_companies" USING btree ("prospect_id");--> statement-breakpoint
CREATE INDEX "prospect_companies_company_idx" ON "prospect_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "prospect_events_prospect_idx" ON "prospect_events" USING btree ("prospect_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prospect_list_items_list_added_idx" ON "prospect_list_items" USING btree ("list_id","added_at" DESC NULLS LAST,"prospect_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prospect_list_items_prospect_idx" ON "prospect_list_items" USING btree ("prospect_id");--> statement-breakpoint
CREATE INDEX "prospect_lists_user_idx" ON "prospect_lists" USING btree ("user_id","type");--> statement-breakpoint
CREATE INDEX "prospect_notes_prospect_idx" ON "prospect_notes" USING btree ("prospect_id");--> statement-breakpoint
CREATE INDEX "prospect_phones_prospect_idx" ON "prospect_phones" USING btree ("prospect_id");--> statement-breakpoint
CREATE INDEX "prospect_searches_user_idx" ON "prospect_searches" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "prospect_tags_unique" ON "prospect_tags" USING btree ("tag_id","prospect_id");--> statement-breakpoint
CREATE INDEX "prospect_tags_prospect_idx" ON "prospect_tags" USING btree ("prospect_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tags_user_name_unique" ON "user_tags" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_verification_rows_unique" ON "bulk_verification_rows" USING btree ("bulk_id","row");--> statement-breakpoint
CREATE INDEX "bulk_verification_rows_status_idx" ON "bulk_verification_rows" USING btree ("bulk_id","status");--> statement-breakpoint
CREATE INDEX "bulk_verifications_account_idx" ON "bulk_verifications" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_verifications_account_email_unique" ON "email_verifications" USING btree ("account_id","email");--> statement-breakpoint
CREATE INDEX "email_verifications_account_updated_idx" ON "email_verifications" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "email_verifications_status_idx" ON "email_verifications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "verification_cache_expires_idx" ON "verification_cache" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "verification_ledger_account_idx" ON "verification_ledger" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "finder_bulk_jobs_user_idx" ON "finder_bulk_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "finder_bulk_rows_unique" ON "finder_bulk_rows" USING btree ("bulk_id","row");--> statement-breakpoint
CREATE UNIQUE INDEX "finder_pattern_stats_unique" ON "finder_pattern_stats" USING btree ("account_id","domain","pattern");--> statement-breakpoint
CREATE INDEX "finder_pattern_stats_domain_idx" ON "finder_pattern_stats" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "finder_searches_user_idx" ON "finder_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "finder_searches_domain_idx" ON "finder_searches" USING btree ("account_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "linkedin_saved_profiles_unique" ON "linkedin_saved_profiles" USING btree ("user_id","profile_url");--> statement-breakpoint
CREATE INDEX "linkedin_search_tasks_user_idx" ON "linkedin_search_tasks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "prospect_emails_prospect_idx" ON "prospect_emails" USING btree ("prospect_id");--> statement-breakpoint
CREATE INDEX "prospect_emails_account_email_idx" ON "prospect_emails" USING btree ("account_id",lower("email"));--> statement-breakpoint
CREATE INDEX "prospects_user_created_idx" ON "prospects" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prospects_user_search_idx" ON "prospects" USING btree ("user_id","search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "prospects_search_idx" ON "prospects" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "prospects_social_idx" ON "prospects" USING btree ("account_id","social_norm");--> statement-breakpoint
CREATE INDEX "prospects_name_company_idx" ON "prospects" USING btree ("account_id","name_company_key");