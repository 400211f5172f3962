DROP INDEX "customers_customer_state_trgm";--> statement-breakpoint
DROP INDEX "sites_site_state_trgm";