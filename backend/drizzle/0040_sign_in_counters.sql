-- Failed sign-ins are counted per account and client address in Redis, shared by every instance
-- of the server: the table that counted them per e-mail address alone goes.
DROP TABLE "sign_in_failures";
