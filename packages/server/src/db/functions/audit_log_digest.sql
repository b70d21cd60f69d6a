-- The audit trail is a hash chain: each entry stores the hash of the previous entry's hash and
-- its own canonical content. A trigger fills seq, prev_hash and hash under a transaction-scoped
-- advisory lock, so concurrent writers are chained one after the other in commit order.
CREATE OR REPLACE FUNCTION audit_log_digest(prev text, r audit_log) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(coalesce(prev, '') || jsonb_build_array(
    r.seq, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    r.actor_id, r.actor_username, r.on_behalf_of, r.ip, r.visitor_id, r.request_id,
    r.command, r.outcome, r.target_type, r.target_id, r.approval_request_id,
    r.before, r.after, r.detail
  )::text, 'UTF8')), 'hex')
$$;
