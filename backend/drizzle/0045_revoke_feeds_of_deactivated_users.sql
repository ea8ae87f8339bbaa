-- A calendar feed's address dies with its owner's access: the feeds of accounts already
-- deactivated or deleted are revoked (a reactivated account makes a new one).
UPDATE "calendar_feeds"
   SET "revoked_at" = now()
 WHERE "revoked_at" IS NULL
   AND "user_id" IN (
     SELECT "id" FROM "users" WHERE "status" = 'DISABLED' OR "deleted_at" IS NOT NULL
   );
