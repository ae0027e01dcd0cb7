ALTER TABLE `invitations` ADD `name` text;--> statement-breakpoint
-- "Aunt Rosa <rosa@x>" used to be stored whole: the name moves to its column, the address loses its brackets.
UPDATE `invitations` SET
  `name` = nullif(trim(substr(`email`, 1, instr(`email`, '<') - 1), ' "'''), ''),
  `email` = lower(trim(substr(`email`, instr(`email`, '<') + 1, instr(`email`, '>') - instr(`email`, '<') - 1)))
WHERE `email` LIKE '%<%@%>%' AND instr(`email`, '>') > instr(`email`, '<')
  AND NOT EXISTS (
    SELECT 1 FROM `invitations` AS `other` WHERE `other`.`campaign_id` = `invitations`.`campaign_id`
      AND `other`.`email` = lower(trim(substr(`invitations`.`email`, instr(`invitations`.`email`, '<') + 1, instr(`invitations`.`email`, '>') - instr(`invitations`.`email`, '<') - 1)))
  );--> statement-breakpoint
UPDATE `contributions` SET `contributor_email` = lower(trim(substr(`contributor_email`, instr(`contributor_email`, '<') + 1, instr(`contributor_email`, '>') - instr(`contributor_email`, '<') - 1)))
WHERE `contributor_email` LIKE '%<%@%>%' AND instr(`contributor_email`, '>') > instr(`contributor_email`, '<');
