INSERT INTO customer (email, tier) VALUES ('ada@example.com', 'gold'), ('bob@example.com', 'basic');

-- jsonb's ? operator in a plain statement: not a parameter
INSERT INTO purchase (customer_id, amount, note)
SELECT id, 10.00, 'first; with a semicolon and a question?'
FROM customer
WHERE email = 'ada@example.com' AND '{"vip": true}'::jsonb ? 'vip';
