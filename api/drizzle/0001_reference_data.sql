-- Reference data the platform needs at first start: the plans of document 1 §6 and the
-- onboarding events of document 1 §4. Later changes come as new migrations, never edits here.
INSERT INTO "plans" ("name", "is_free", "monthly_price_cents", "sort_order") VALUES
  ('FREE', true, 0, 0),
  ('TRIAL', true, 0, 1),
  ('XS', false, 3900, 2),
  ('DC', false, 7900, 3),
  ('ZB', false, 13900, 4),
  ('ZB2', false, 18900, 5),
  ('ZB3', false, 27900, 6),
  ('XXL', false, 73800, 7)
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "gamification_events" ("step", "name", "reward", "active") VALUES
  (1, 'sign_up', 10, true),
  (2, 'domain_search', 20, true),
  (3, 'add_prospect_finder_extension', 20, true),
  (4, 'add_prospect_from_extension', 20, true),
  (5, 'add_email_account', 30, true),
  (6, 'warm_up', 30, true),
  (7, 'send_campaign', 50, true)
ON CONFLICT ("step") DO NOTHING;
