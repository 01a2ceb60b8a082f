-- An alert's list version is its row's xmin (decision 020, addendum in decision 026): whatever
-- changes what the list shows must write the alert's row. The price-check engine appends a price
-- in the same transaction that updates its alert; any other writer of alert_prices gets the same
-- effect here. Rows this transaction already wrote are left alone, so the engine pays nothing.
CREATE FUNCTION alert_prices_touch_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE alerts SET updated_at = alerts.updated_at
  WHERE alerts.id IN (SELECT DISTINCT alert_id FROM new_prices)
    AND alerts.xmin <> pg_current_xact_id()::xid;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER alert_prices_touch_alerts
  AFTER INSERT ON alert_prices
  REFERENCING NEW TABLE AS new_prices
  FOR EACH STATEMENT EXECUTE FUNCTION alert_prices_touch_alerts();
