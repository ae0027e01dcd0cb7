ALTER TABLE `contributions` ADD `owner_id` text;--> statement-breakpoint
CREATE INDEX `contributions_owner_submitted_idx` ON `contributions` (`owner_id`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `campaigns_owner_order_idx` ON `campaigns` (`owner_id`,`sort_order`,"created_at" desc,`id`);--> statement-breakpoint
CREATE INDEX `contribution_attachments_contribution_idx` ON `contribution_attachments` (`contribution_id`);--> statement-breakpoint
CREATE INDEX `newsletters_podcast_idx` ON `newsletters` (`podcast_id`);--> statement-breakpoint
-- Hand-written below drizzle-kit's output: a story's owner_id is its collection's owner, set by SQLite
-- itself on every insert and move (whatever the code wrote), like the counters of migration 0002.
UPDATE `contributions` SET `owner_id` = (SELECT `owner_id` FROM `campaigns` WHERE `campaigns`.`id` = `contributions`.`campaign_id`);--> statement-breakpoint
CREATE TRIGGER `contributions_owner_insert` AFTER INSERT ON `contributions` BEGIN
  UPDATE `contributions` SET `owner_id` = (SELECT `owner_id` FROM `campaigns` WHERE `id` = NEW.`campaign_id`) WHERE `rowid` = NEW.`rowid`;
END;--> statement-breakpoint
CREATE TRIGGER `contributions_owner_update` AFTER UPDATE OF `campaign_id`, `owner_id` ON `contributions` WHEN NEW.`owner_id` IS NOT (SELECT `owner_id` FROM `campaigns` WHERE `id` = NEW.`campaign_id`) BEGIN
  UPDATE `contributions` SET `owner_id` = (SELECT `owner_id` FROM `campaigns` WHERE `id` = NEW.`campaign_id`) WHERE `rowid` = NEW.`rowid`;
END;--> statement-breakpoint
CREATE TRIGGER `campaigns_owner_update` AFTER UPDATE OF `owner_id` ON `campaigns` WHEN OLD.`owner_id` IS NOT NEW.`owner_id` BEGIN
  UPDATE `contributions` SET `owner_id` = NEW.`owner_id` WHERE `campaign_id` = NEW.`id`;
END;
