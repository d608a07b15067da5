ALTER TABLE "universities" ADD COLUMN "first_year_bdt" double precision;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "first_year_complete" boolean;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "masters_first_year_bdt" double precision;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "masters_first_year_complete" boolean;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "fit_stamp" text;--> statement-breakpoint
-- A university whose fees or country change has stale fit figures: its stamp is emptied, and the
-- finder computes them again before it next ranks by fit (find-universities.ts, ensureFitFigures).
CREATE FUNCTION "universities_fit_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR ROW(NEW.country, NEW.tuition_amount, NEW.tuition_currency, NEW.masters_tuition_amount,
      NEW.masters_tuition_currency, NEW.yearly_fees_amount, NEW.yearly_fees_currency, NEW.application_fee_amount,
      NEW.application_fee_currency)
    IS DISTINCT FROM ROW(OLD.country, OLD.tuition_amount, OLD.tuition_currency, OLD.masters_tuition_amount,
      OLD.masters_tuition_currency, OLD.yearly_fees_amount, OLD.yearly_fees_currency, OLD.application_fee_amount,
      OLD.application_fee_currency) THEN
    NEW.fit_stamp := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "universities_fit_stale" BEFORE INSERT OR UPDATE ON "universities"
  FOR EACH ROW EXECUTE FUNCTION "universities_fit_stale"();
