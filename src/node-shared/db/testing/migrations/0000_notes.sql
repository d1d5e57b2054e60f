CREATE TABLE "notes" ("id" serial PRIMARY KEY, "text" text NOT NULL);
