CREATE OR REPLACE VIEW customer_spend AS
SELECT c.email, coalesce(sum(price_with_tax(p.amount)), 0) AS spent
FROM customer c LEFT JOIN purchase p ON p.customer_id = c.id
GROUP BY c.email;
