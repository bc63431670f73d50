-- Crusaders tables stored before rules revisions existed were played under revision 1 (a Mill
-- could remove a building of its level or lower): name it in their config, so they go on
-- replaying exactly as they were played. (A config that is not a JSON object is left alone:
-- such a table is reported damaged, not replayed.) The CASE reads a config as JSON only once
-- it is known to be valid.
UPDATE tables
SET config = json_set(config, '$.rules', 1)
WHERE game = 'crusaders'
  AND CASE
        WHEN json_valid(config)
        THEN json_type(config) = 'object' AND json_type(config, '$.rules') IS NULL
        ELSE 0
      END;
