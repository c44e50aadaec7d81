-- Flyway splits this script itself and runs each statement with Statement.execute.
CREATE TABLE customer (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL UNIQUE,
  created timestamptz NOT NULL DEFAULT now()
);

-- a DO block: semicolons and a doubled quote inside dollar quotes
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_type WHERE typname = 'tier') THEN
    CREATE TYPE tier AS ENUM ('basic', 'gold');
  END IF;
  RAISE NOTICE 'it''s ready; carry on';
END
$$;

ALTER TABLE customer ADD COLUMN tier tier NOT NULL DEFAULT 'basic';
