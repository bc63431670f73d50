-- Warrior Knights tables stored before rules revisions existed were played under revision 1:
-- name it in their config, so they go on replaying exactly as they were played.
UPDATE tables
SET config = CASE
        WHEN trim(config) = '{}' THEN '{"rules":1}'
        ELSE '{"rules":1,' || substr(ltrim(config), 2)
    END
WHERE game = 'warrior-knights'
  AND ltrim(config) LIKE '{%'
  AND config NOT LIKE '%"rules"%';
