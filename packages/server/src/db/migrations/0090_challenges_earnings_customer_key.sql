-- challenge_earnings keyed by (customer, entry) alone (docs/decisions/challenges.md): the entry's key
-- and the customer's index were two index entries written per earning; the customer's earnings are
-- read by the key's prefix.
ALTER TABLE "challenge_earnings" DROP CONSTRAINT "challenge_earnings_pkey";--> statement-breakpoint
DROP INDEX "challenge_earnings_customer_idx";--> statement-breakpoint
ALTER TABLE "challenge_earnings" ADD CONSTRAINT "challenge_earnings_customer_id_entry_id_pk" PRIMARY KEY("customer_id","entry_id");
