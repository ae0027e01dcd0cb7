import { wizardMessages } from "~/features/podcasts/wizard/wizard-messages";
import { cn } from "~/lib/cn";

export function WizardSteps({ current }: { current: 1 | 2 | 3 | 4 }) {
  return (
    <nav aria-label="Podcast creation steps">
      <ol className="grid gap-2 sm:grid-cols-4">
        {wizardMessages.page.steps.map((name, index) => {
          const step = index + 1;
          return (
            <li
              key={name}
              aria-current={step === current ? "step" : undefined}
              className={cn(
                "rounded-md border p-3 text-sm",
                step === current ? "border-primary bg-primary/10" : "border-border",
                step < current && "text-muted-foreground",
              )}
            >
              <span className="block font-semibold">
                {step}. {name}
              </span>
              <span className="text-xs text-muted-foreground">{wizardMessages.page.stepDescriptions[index]}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
