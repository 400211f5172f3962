ALTER TABLE "proposals" ALTER COLUMN "proposal_pdf" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "proposal_pdf_sha256" DROP NOT NULL;