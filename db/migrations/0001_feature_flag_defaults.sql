-- Default feature flags (mirrors FEATURE_FLAG_DEFAULTS in db/schema/flags.ts).
-- ON CONFLICT DO NOTHING: never overwrites a flag an admin has already changed.
INSERT INTO "feature_flags" ("key", "enabled") VALUES
	('enable_swap_payments', true),
	('enable_moderation', true),
	('enable_auto_takedown', false),
	('enable_rate_limiting', true),
	('enable_ip_allowlist', false)
ON CONFLICT ("key") DO NOTHING;
