import { MigrationInterface, QueryRunner } from 'typeorm';

const ALL_CONDITIONS = '"all"';

/** Partner configurations by userSource, seeded with the default HCP brand and a breast-cancer partner. */
export class CreatePartners1795345200000 implements MigrationInterface {
  name = 'CreatePartners1795345200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "partner" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_source" varchar(64) NOT NULL,
        "name" varchar(120) NOT NULL,
        "url_param" varchar(64) NOT NULL,
        "css_class_override" varchar(64) NOT NULL,
        "logo_path" varchar(255) NOT NULL,
        "facility_grouping" varchar(8) NOT NULL DEFAULT '',
        "diseases_dropdown" jsonb NOT NULL,
        "set_type_of_disease" varchar(64),
        "is_default" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_partner_id" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_partner_user_source" UNIQUE ("user_source"),
        CONSTRAINT "UQ_partner_url_param" UNIQUE ("url_param")
      )`);
    // At most one default partner.
    await q.query(
      'CREATE UNIQUE INDEX "UQ_partner_single_default" ON "partner" ("is_default") WHERE "is_default"',
    );
    await q.query(
      `INSERT INTO "partner"
        ("user_source", "name", "url_param", "css_class_override", "logo_path", "facility_grouping", "diseases_dropdown", "set_type_of_disease", "is_default")
       VALUES
        ('ancora_hcp', 'Trialflow', 'hcp', 'theme-ancora-hcp', '/brand/trialflow.svg', '', $1::jsonb, NULL, true),
        ('breast_cancer_partner', 'Trialflow Breast Cancer', 'breastcancer', 'theme-breast-cancer', '/brand/trialflow-breast.svg', '3', $2::jsonb, 'breast_cancer', false)`,
      [ALL_CONDITIONS, JSON.stringify(['breast_cancer'])],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "partner"');
  }
}
