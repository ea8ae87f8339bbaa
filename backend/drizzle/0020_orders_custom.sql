-- Orders, products and subscriptions (issue 13): every create, change and delete goes to the
-- change history; an order's and a subscription's also show on their organization's History tab.
SELECT registra_audit_enable('products', 'product', 'create', 'delete', '{search_text}', '{name}');
--> statement-breakpoint
SELECT registra_audit_enable('orders', 'order', 'create', 'delete',
  '{search_text}', '{company,product}', '{organization_id}');
--> statement-breakpoint
SELECT registra_audit_enable('subscriptions', 'subscription', 'create', 'delete',
  '{search_text}', '{product_name}', '{organization_id}');
--> statement-breakpoint
-- The order list's unfiltered total reads a maintained count (ADR 0081): 300k orders.
SELECT registra_live_count_enable('orders');
--> statement-breakpoint
SELECT registra_live_count_enable('subscriptions');
