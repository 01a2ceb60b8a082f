-- Which user's rows a committed transaction wrote (decision 029, src/server/db/change-feed.ts):
-- the embedded database's process keeps who-is-signed-in and the alert list in memory while
-- nothing of that user changed. A notification goes out only on a connection that set
-- faredrop.change_feed = 'on' (the embedded database does); elsewhere the triggers do nothing,
-- so PostgreSQL's commits don't queue notifications no one reads.
CREATE FUNCTION note_change_by_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('faredrop.change_feed', true) IS DISTINCT FROM 'on' THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('faredrop_changes', OLD.id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.id IS DISTINCT FROM OLD.id) THEN PERFORM pg_notify('faredrop_changes', NEW.id); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION note_change_by_user_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('faredrop.change_feed', true) IS DISTINCT FROM 'on' THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('faredrop_changes', OLD.user_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN PERFORM pg_notify('faredrop_changes', NEW.user_id); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A truncate names no one: everyone's kept answers are stale.
CREATE FUNCTION note_change_by_anyone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('faredrop.change_feed', true) IS DISTINCT FROM 'on' THEN RETURN NULL; END IF;
  PERFORM pg_notify('faredrop_changes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_note_change AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION note_change_by_id();
--> statement-breakpoint
CREATE TRIGGER profiles_note_change AFTER INSERT OR UPDATE OR DELETE ON profiles FOR EACH ROW EXECUTE FUNCTION note_change_by_id();
--> statement-breakpoint
CREATE TRIGGER sessions_note_change AFTER INSERT OR UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION note_change_by_user_id();
--> statement-breakpoint
CREATE TRIGGER alerts_note_change AFTER INSERT OR UPDATE OR DELETE ON alerts FOR EACH ROW EXECUTE FUNCTION note_change_by_user_id();
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION note_change_by_anyone();
--> statement-breakpoint
CREATE TRIGGER profiles_truncated AFTER TRUNCATE ON profiles FOR EACH STATEMENT EXECUTE FUNCTION note_change_by_anyone();
--> statement-breakpoint
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION note_change_by_anyone();
--> statement-breakpoint
CREATE TRIGGER alerts_truncated AFTER TRUNCATE ON alerts FOR EACH STATEMENT EXECUTE FUNCTION note_change_by_anyone();
