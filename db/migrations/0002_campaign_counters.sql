ALTER TABLE `campaigns` ADD `story_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `campaigns` ADD `invited_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written below drizzle-kit's output: the counters follow every insert, delete and move of a
-- story or invitation inside SQLite itself, so no code path (or cascade) can leave them wrong.
UPDATE `campaigns` SET
  `story_count` = (SELECT count(*) FROM `contributions` WHERE `contributions`.`campaign_id` = `campaigns`.`id`),
  `invited_count` = (SELECT count(*) FROM `invitations` WHERE `invitations`.`campaign_id` = `campaigns`.`id`);--> statement-breakpoint
CREATE TRIGGER `contributions_count_insert` AFTER INSERT ON `contributions` BEGIN
  UPDATE `campaigns` SET `story_count` = `story_count` + 1 WHERE `id` = NEW.`campaign_id`;
END;--> statement-breakpoint
CREATE TRIGGER `contributions_count_delete` AFTER DELETE ON `contributions` BEGIN
  UPDATE `campaigns` SET `story_count` = `story_count` - 1 WHERE `id` = OLD.`campaign_id`;
END;--> statement-breakpoint
CREATE TRIGGER `contributions_count_move` AFTER UPDATE OF `campaign_id` ON `contributions` WHEN OLD.`campaign_id` IS NOT NEW.`campaign_id` BEGIN
  UPDATE `campaigns` SET `story_count` = `story_count` - 1 WHERE `id` = OLD.`campaign_id`;
  UPDATE `campaigns` SET `story_count` = `story_count` + 1 WHERE `id` = NEW.`campaign_id`;
END;--> statement-breakpoint
CREATE TRIGGER `invitations_count_insert` AFTER INSERT ON `invitations` BEGIN
  UPDATE `campaigns` SET `invited_count` = `invited_count` + 1 WHERE `id` = NEW.`campaign_id`;
END;--> statement-breakpoint
CREATE TRIGGER `invitations_count_delete` AFTER DELETE ON `invitations` BEGIN
  UPDATE `campaigns` SET `invited_count` = `invited_count` - 1 WHERE `id` = OLD.`campaign_id`;
END;--> statement-breakpoint
CREATE TRIGGER `invitations_count_move` AFTER UPDATE OF `campaign_id` ON `invitations` WHEN OLD.`campaign_id` IS NOT NEW.`campaign_id` BEGIN
  UPDATE `campaigns` SET `invited_count` = `invited_count` - 1 WHERE `id` = OLD.`campaign_id`;
  UPDATE `campaigns` SET `invited_count` = `invited_count` + 1 WHERE `id` = NEW.`campaign_id`;
END;
