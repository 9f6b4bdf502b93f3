-- Prospects at a million rows (issue 5): per-list and per-owner counters kept by triggers in the
-- writing transaction, a shared cache of the figures that need a scan, and substring name search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "prospect_owner_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"prospects" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospect_stats_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb,
	"computed_at" timestamp with time zone,
	"compute_ms" integer DEFAULT 0 NOT NULL,
	"computing_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "prospect_lists" ADD COLUMN "items_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prospect_owner_counts" ADD CONSTRAINT "prospect_owner_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prospects_search_trgm_idx" ON "prospects" USING gin ("search_name" gin_trgm_ops);
--> statement-breakpoint
-- Fewer indexes written per imported row: user_id and account_id alone are the leading columns of
-- composite indexes, and the name prefix index without the owner is replaced by the trigram index.
DROP INDEX "prospects_account_idx";--> statement-breakpoint
DROP INDEX "prospects_user_idx";--> statement-breakpoint
DROP INDEX "prospects_search_idx";
--> statement-breakpoint
-- Foreign-key checks are a third of an import's database time. These two only repeat what
-- user_id and prospect_id already guarantee (an account's users cascade with it, their prospects
-- with them, emails with their prospect); account_id stays as a denormalised, indexed copy.
ALTER TABLE "prospects" DROP CONSTRAINT "prospects_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "prospect_emails" DROP CONSTRAINT "prospect_emails_account_id_accounts_id_fk";
--> statement-breakpoint
-- List counters. Statement-level triggers with transition tables: one grouped UPDATE per
-- statement (a 2,000-row import batch costs one), fired for cascaded deletes too. A plain UPDATE
-- (never an upsert) so a list being deleted in the same statement is simply not found.
CREATE FUNCTION "prospect_list_items_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE prospect_lists l SET items_count = l.items_count + d.n
      FROM (SELECT list_id, count(*)::int AS n FROM new_rows GROUP BY list_id) d WHERE l.id = d.list_id;
  ELSE
    UPDATE prospect_lists l SET items_count = greatest(0, l.items_count - d.n)
      FROM (SELECT list_id, count(*)::int AS n FROM old_rows GROUP BY list_id) d WHERE l.id = d.list_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "list_items_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE prospect_lists SET items_count = greatest(0, items_count - 1) WHERE id = OLD.list_id;
  UPDATE prospect_lists SET items_count = items_count + 1 WHERE id = NEW.list_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "prospect_list_items_count_insert" AFTER INSERT ON "prospect_list_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "prospect_list_items_count"();
--> statement-breakpoint
CREATE TRIGGER "prospect_list_items_count_delete" AFTER DELETE ON "prospect_list_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "prospect_list_items_count"();
--> statement-breakpoint
CREATE TRIGGER "prospect_list_items_count_move" AFTER UPDATE OF "list_id" ON "prospect_list_items" FOR EACH ROW WHEN (OLD.list_id IS DISTINCT FROM NEW.list_id) EXECUTE FUNCTION "list_items_moved"();
--> statement-breakpoint
CREATE TRIGGER "company_list_items_count_insert" AFTER INSERT ON "company_list_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "prospect_list_items_count"();
--> statement-breakpoint
CREATE TRIGGER "company_list_items_count_delete" AFTER DELETE ON "company_list_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "prospect_list_items_count"();
--> statement-breakpoint
CREATE TRIGGER "company_list_items_count_move" AFTER UPDATE OF "list_id" ON "company_list_items" FOR EACH ROW WHEN (OLD.list_id IS DISTINCT FROM NEW.list_id) EXECUTE FUNCTION "list_items_moved"();
--> statement-breakpoint
-- Owner counters (All contacts). Inserts upsert; deletes only update (a user being deleted
-- cascades to their prospects and their counter row in the same statement).
CREATE FUNCTION "prospect_owner_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO prospect_owner_counts AS c (user_id, prospects)
      SELECT user_id, count(*)::int FROM new_rows GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE SET prospects = c.prospects + excluded.prospects;
  ELSE
    UPDATE prospect_owner_counts c SET prospects = greatest(0, c.prospects - d.n)
      FROM (SELECT user_id, count(*)::int AS n FROM old_rows GROUP BY user_id) d WHERE c.user_id = d.user_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "prospect_owner_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE prospect_owner_counts SET prospects = greatest(0, prospects - 1) WHERE user_id = OLD.user_id;
  INSERT INTO prospect_owner_counts AS c (user_id, prospects) VALUES (NEW.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET prospects = c.prospects + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "prospects_owner_count_insert" AFTER INSERT ON "prospects" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "prospect_owner_count"();
--> statement-breakpoint
CREATE TRIGGER "prospects_owner_count_delete" AFTER DELETE ON "prospects" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "prospect_owner_count"();
--> statement-breakpoint
CREATE TRIGGER "prospects_owner_count_move" AFTER UPDATE OF "user_id" ON "prospects" FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id) EXECUTE FUNCTION "prospect_owner_moved"();
--> statement-breakpoint
-- Counters of the rows that exist already.
UPDATE "prospect_lists" l SET "items_count" = c.n
  FROM (SELECT list_id, count(*)::int AS n FROM prospect_list_items GROUP BY list_id) c WHERE l.id = c.list_id;
--> statement-breakpoint
UPDATE "prospect_lists" l SET "items_count" = c.n
  FROM (SELECT list_id, count(*)::int AS n FROM company_list_items GROUP BY list_id) c WHERE l.id = c.list_id;
--> statement-breakpoint
INSERT INTO "prospect_owner_counts" (user_id, prospects) SELECT user_id, count(*)::int FROM prospects GROUP BY user_id;
