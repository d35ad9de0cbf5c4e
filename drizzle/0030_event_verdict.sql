-- A play's verdict as the server's adjudicator ruled it (score, valid, main direction): another
-- instance folds the committed play with it instead of adjudicating it again (issue 30).
ALTER TABLE "match_events" ADD COLUMN "verdict" jsonb;
