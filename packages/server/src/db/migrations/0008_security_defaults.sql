-- Security defaults (docs/decisions/security.md). Staff change them on the security screens.
-- Credential policy: the PCI DSS preset.
INSERT INTO "credential_policy" ("id", "min_length", "max_length", "require_uppercase", "require_lowercase", "require_digit", "require_symbol", "history_count", "reject_username", "reject_common")
VALUES (1, 12, 128, true, true, true, false, 4, true, true) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Sessions: 15-minute access tokens, 30-minute idle timeout, 12-hour sessions, 3 at once.
INSERT INTO "security_policy" ("id", "access_token_minutes", "idle_timeout_minutes", "session_life_hours", "max_concurrent_sessions")
VALUES (1, 15, 30, 12, 3) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Employees: lock after 5 failures for 30 minutes; passwords expire after 90 days, warned 14 days before.
INSERT INTO "password_settings" ("user_type", "mode", "max_failures", "lock_minutes", "expiry_days", "warn_days")
VALUES ('EMPLOYEE', 'LOCK', 5, 30, NULL, NULL), ('EMPLOYEE', 'EXPIRY', NULL, NULL, 90, 14),
       ('CUSTOMER', 'LOCK', 5, 30, NULL, NULL)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Second factor: the requirements exist but start disabled, so a fresh install can sign in and enrol first.
INSERT INTO "sca_rules" ("operation", "user_type", "factor", "description", "status")
VALUES ('SIGN_IN', 'EMPLOYEE', 'TOTP', 'Staff give a TOTP code at every sign-in', 'DISABLED'),
       ('APPROVAL', 'EMPLOYEE', 'TOTP', 'Checkers confirm approvals with a TOTP code', 'DISABLED'),
       ('SECURITY_CHANGE', 'EMPLOYEE', 'TOTP', 'Security and identity changes need a fresh TOTP code', 'DISABLED')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Customer-app features the integration API enforces (assertCustomerFeature).
INSERT INTO "customer_permissions" ("code", "name", "description", "system")
VALUES ('earn', 'Earn points', 'Channels may post earning transactions for the customer', true),
       ('redeem', 'Redeem rewards', 'The customer may redeem vouchers for points', true),
       ('balance', 'View balance', 'The customer app may read the points balance and history', true),
       ('messages', 'Messages', 'The customer may send and read messages', true)
ON CONFLICT DO NOTHING;
