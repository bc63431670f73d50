-- Crusaders tables stored before rules revisions existed were played under revision 1 (a Mill
-- could remove a building of its level or lower): name it in their config, so they go on
-- replaying exactly as they were played. (A config that is not a JSON object is left alone:
-- such a table is reported damaged, not replayed.)
UPDATE tables
SET config = json_set(config, '$.rules', 1)
WHERE game = 'crusaders'
  AND json_valid(config)
  AND json_type(config) = 'object'
  AND json_type(config, '$.rules') IS NULL;
