CREATE FUNCTION price_with_tax(amount numeric, rate numeric DEFAULT 0.2) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE AS $body$
DECLARE
  result numeric;
BEGIN
  -- a comment holding a ? and a ; that are neither placeholders nor ends of statements
  result := amount * (1 + rate);
  RETURN round(result, 2);
END;
$body$;

CREATE TABLE purchase (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customer (id),
  amount numeric(10, 2) NOT NULL CHECK (amount > 0),
  note text DEFAULT 'why?'
);
