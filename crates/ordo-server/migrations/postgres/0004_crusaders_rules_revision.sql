-- Crusaders tables stored before rules revisions existed were played under revision 1 (a Mill
-- could remove a building of its level or lower): name it in their config, so they go on
-- replaying exactly as they were played. (A config that is not a JSON object is left alone:
-- such a table is reported damaged, not replayed.)
DO $$
DECLARE
    r RECORD;
    c JSONB;
BEGIN
    FOR r IN SELECT id, config FROM tables WHERE game = 'crusaders' LOOP
        BEGIN
            c := r.config::jsonb;
        EXCEPTION WHEN others THEN
            CONTINUE;
        END;
        IF jsonb_typeof(c) = 'object' AND c -> 'rules' IS NULL THEN
            UPDATE tables SET config = (c || '{"rules": 1}'::jsonb)::text WHERE id = r.id;
        END IF;
    END LOOP;
END $$;
