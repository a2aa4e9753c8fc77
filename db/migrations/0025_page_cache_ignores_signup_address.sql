-- Written by hand. The address an account was made from (profiles.signup_address, issue 28) is written just after
-- sign-up and shown to no visitor: writing it must not drop every visitor page's shared copy (decision 062), as a
-- sign-up never did before. Any other change to a profile still does.
DROP TRIGGER "profiles_page_cache_update" ON "profiles";--> statement-breakpoint
CREATE TRIGGER "profiles_page_cache_update" AFTER UPDATE ON "profiles"
  FOR EACH ROW WHEN (to_jsonb(OLD) - 'signup_address' - 'updated_at' IS DISTINCT FROM to_jsonb(NEW) - 'signup_address' - 'updated_at')
  EXECUTE FUNCTION "page_cache_changed"();
