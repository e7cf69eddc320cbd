import type { Knex } from 'knex';

// Issue 35: every API process keeps the sessions it has read for a few seconds
// (api/src/sessions/session-cache.ts). These triggers tell every process, at commit, which
// sessions and accounts changed, so a logout, a deactivation, a new role or a new password
// ends a cached session everywhere at once. Payloads: `s:<session id>`, `u:<user id>`, or `*`
// (forget everything) when one statement ends more sessions than are worth naming.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('session_changes', 's:' || OLD.id);
      RETURN NULL;
    END $$;

    CREATE FUNCTION notify_sessions_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (SELECT count(*) FROM gone) > 100 THEN
        PERFORM pg_notify('session_changes', '*');
      ELSE
        PERFORM pg_notify('session_changes', 's:' || id) FROM gone;
      END IF;
      RETURN NULL;
    END $$;

    CREATE FUNCTION notify_sessions_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('session_changes', '*');
      RETURN NULL;
    END $$;

    CREATE FUNCTION notify_session_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('session_changes', 'u:' || OLD.id);
      RETURN NULL;
    END $$;

    CREATE TRIGGER sessions_changed AFTER UPDATE ON sessions
      FOR EACH ROW EXECUTE FUNCTION notify_session_changed();
    CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions
      REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_deleted();
    CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
      FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_truncated();
    -- What a session answers with (the current user) and what ends it.
    CREATE TRIGGER users_session_fields_changed AFTER UPDATE ON users
      FOR EACH ROW WHEN (
        (OLD.email, OLD.first_name, OLD.last_name, OLD.phone, OLD.role, OLD.subscription_type,
         OLD.deactivated_at, OLD.password_hash)
        IS DISTINCT FROM
        (NEW.email, NEW.first_name, NEW.last_name, NEW.phone, NEW.role, NEW.subscription_type,
         NEW.deactivated_at, NEW.password_hash)
      ) EXECUTE FUNCTION notify_session_user_changed();
    CREATE TRIGGER users_deleted AFTER DELETE ON users
      FOR EACH ROW EXECUTE FUNCTION notify_session_user_changed();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TRIGGER users_deleted ON users;
    DROP TRIGGER users_session_fields_changed ON users;
    DROP TRIGGER sessions_truncated ON sessions;
    DROP TRIGGER sessions_deleted ON sessions;
    DROP TRIGGER sessions_changed ON sessions;
    DROP FUNCTION notify_sessions_truncated();
    DROP FUNCTION notify_session_user_changed();
    DROP FUNCTION notify_sessions_deleted();
    DROP FUNCTION notify_session_changed();
  `);
}
