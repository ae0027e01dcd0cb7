// Without JavaScript the billing toggle and the sign-up dialog are links the server renders; with it they change in place.
import { Link, useSearchParams } from "@remix-run/react";
import { useEffect, useState, type ComponentProps, type MouseEvent } from "react";

import type { VoiceSummary } from "~/audio/audio-options";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { useHydrated } from "~/components/use-hydrated";
import { PLANS } from "~/features/account/plans";
import { PodcastPlayer } from "~/features/podcasts/listening/components/podcast-player";
import { LaunchListForm } from "~/features/site/components/launch-list-form";
import { landingMessages } from "~/features/site/landing-messages";
import { SAMPLE_EPISODE_TITLE, SAMPLE_EPISODE_URL } from "~/features/site/sample-episode";
import { voicesSentence } from "~/features/site/voice-words";
import { cn } from "~/lib/cn";
import { formatCount } from "~/lib/text-format";

const STEPS = [
  {
    title: "Invite your family",
    text: "Create a story collection with a question, and we e-mail it to the relatives you choose.",
  },
  {
    title: "They simply reply",
    text: "Relatives answer by replying to the e-mail, or through a web form that needs no account.",
  },
  {
    title: "Listen and share",
    text: "Their stories become a narrated podcast episode and a family newsletter you can keep forever.",
  },
];

const features = (voices: VoiceSummary) => [
  { title: "E-mail story collection", text: "Invitations, gentle reminders and replies gathered for you." },
  { title: "Narrated podcasts", text: `${voicesSentence(voices)}, with music if you like.` },
  {
    title: "Family newsletter",
    text: "Each delivery is a newsletter with the stories, photos and an embedded episode.",
  },
  { title: "Guest links", text: "Personal links for relatives who never want to create an account." },
  {
    title: "Answers by voice",
    text: "Relatives who would rather talk than type record their answer on a phone or computer, and the podcast plays it in their own voice.",
  },
  {
    title: "For communities",
    text: "Enterprise options let senior living communities gather stories for every resident family.",
  },
];

type Billing = "monthly" | "annual";
type Signup = "form" | "thanks" | null;

const signupFromParam = (value: string | null): Signup => (value === "thanks" ? "thanks" : value ? "form" : null);

function searchWith(params: URLSearchParams, changes: Record<string, string | null>) {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const search = next.toString();
  return search ? `?${search}` : "";
}

function useInPlaceLink() {
  const hydrated = useHydrated();
  return (apply: () => void, search: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (!hydrated) return;
    e.preventDefault();
    apply();
    window.history.replaceState(
      window.history.state,
      "",
      `${window.location.pathname}${search}${window.location.hash}`,
    );
  };
}

type LandingProps = {
  sampleSeconds?: number | null;
  launchListConstraint: ComponentProps<typeof LaunchListForm>["constraint"];
  voices: VoiceSummary;
};

export function Landing({ sampleSeconds = null, launchListConstraint, voices }: LandingProps) {
  const [params] = useSearchParams();
  const [billing, setBilling] = useState<Billing>(params.get("billing") === "annual" ? "annual" : "monthly");
  const signupParam = params.get("signup");
  const [signup, setSignup] = useState<Signup>(signupFromParam(signupParam));
  useEffect(() => setSignup(signupFromParam(signupParam)), [signupParam]);
  const inPlace = useInPlaceLink();

  const openSignup = {
    to: { search: searchWith(params, { signup: "1" }) },
    onClick: inPlace(() => setSignup("form"), searchWith(params, { signup: "1" })),
  };

  return (
    <div>
      <section className="mx-auto max-w-5xl px-4 py-20 text-center">
        <h1 className="font-serif text-4xl font-bold sm:text-5xl">Your family's stories, kept and told</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
          Storyhearth asks your relatives for their memories by e-mail and turns their answers into a narrated family
          podcast and newsletter.
        </p>
        <div className="mt-8 flex justify-center gap-3">
          <a href="#pricing-section" className={buttonClass("default", "lg")}>
            {landingMessages.pricing.seePlans}
          </a>
          <Link to="/login" className={buttonClass("outline", "lg")}>
            Sign in
          </Link>
        </div>
      </section>

      <section id="how-it-works" className="bg-muted py-16">
        <div className="mx-auto max-w-5xl px-4">
          <h2 className="text-center font-serif text-3xl font-bold">How it works</h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, i) => (
              <li key={step.title}>
                <Card className="h-full">
                  <p className="text-sm font-semibold text-primary">Step {i + 1}</p>
                  <h3 className="mt-2 text-lg font-semibold">{step.title}</h3>
                  <p className="mt-2 text-muted-foreground">{step.text}</p>
                </Card>
              </li>
            ))}
          </ol>
          <div className="mt-8 text-center">
            <a href="#pricing-section" className={buttonClass("default")}>
              Start your family's collection
            </a>
          </div>
        </div>
      </section>

      <section
        id="sample-episode"
        aria-labelledby="sample-episode-heading"
        className="mx-auto max-w-3xl px-4 py-16 text-center"
      >
        <h2 id="sample-episode-heading" className="font-serif text-3xl font-bold">
          {landingMessages.sample.heading}
        </h2>
        <p className="mt-4 text-muted-foreground">{landingMessages.sample.text}</p>
        <PodcastPlayer
          src={SAMPLE_EPISODE_URL}
          duration={sampleSeconds}
          title={landingMessages.sample.title(SAMPLE_EPISODE_TITLE)}
          className="mt-6 text-left"
        />
        <a
          href={SAMPLE_EPISODE_URL}
          download="storyhearth-sample-episode.mp3"
          className="mt-3 inline-block text-sm underline"
        >
          {landingMessages.sample.download}
        </a>
      </section>

      <section id="features" className="mx-auto max-w-5xl px-4 py-16">
        <h2 className="text-center font-serif text-3xl font-bold">Features</h2>
        <div className="mt-10 grid gap-6 sm:grid-cols-2">
          {features(voices).map((f) => (
            <Card key={f.title}>
              <h3 className="text-lg font-semibold">{f.title}</h3>
              <p className="mt-2 text-muted-foreground">{f.text}</p>
            </Card>
          ))}
        </div>
      </section>

      <section id="about" className="bg-muted py-16">
        <div className="mx-auto max-w-3xl px-4 text-center">
          <h2 className="font-serif text-3xl font-bold">About</h2>
          <p className="mt-6 text-lg text-muted-foreground">
            We built Storyhearth for families, caregivers and senior living communities who want to hear their elders'
            stories while there is time, in a way that works for everyone: a reply to an e-mail is all it takes.
          </p>
          <a href="#pricing-section" className={buttonClass("outline", "default", "mt-8")}>
            {landingMessages.pricing.seePlans}
          </a>
        </div>
      </section>

      <section id="pricing-section" className="mx-auto max-w-5xl px-4 py-16">
        <h2 className="text-center font-serif text-3xl font-bold">{landingMessages.pricing.heading}</h2>
        <p className="mt-3 text-center text-muted-foreground">{landingMessages.pricing.intro}</p>
        <nav aria-label={landingMessages.pricing.billingLabel} className="mt-6 flex justify-center">
          <div className="inline-flex rounded-full border border-border bg-card p-1">
            {(["monthly", "annual"] as const).map((option) => {
              const search = searchWith(params, { billing: option === "annual" ? "annual" : null });
              return (
                <Link
                  key={option}
                  to={{ search, hash: "pricing-section" }}
                  replace
                  preventScrollReset
                  onClick={inPlace(() => setBilling(option), search)}
                  aria-current={billing === option ? "true" : undefined}
                  className={cn(
                    "rounded-full px-4 py-1.5 text-sm font-medium",
                    billing === option ? "bg-primary text-primary-foreground" : "hover:bg-muted",
                  )}
                >
                  {option === "annual" ? landingMessages.pricing.annual : landingMessages.pricing.monthly}
                </Link>
              );
            })}
          </div>
        </nav>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {PLANS.map((plan) => (
            <Card
              key={plan.name}
              className={cn("flex flex-col", plan.popular && "border-primary ring-2 ring-primary")}
              data-plan={plan.name}
            >
              <h3 className="flex items-center gap-2 text-xl font-semibold">
                {plan.name} {plan.popular ? <Badge>{landingMessages.pricing.popular}</Badge> : null}
              </h3>
              <p className="mt-2 text-3xl font-bold">
                ${billing === "annual" ? plan.annual : plan.monthly}
                <span className="text-base font-normal text-muted-foreground">
                  {billing === "annual" ? landingMessages.pricing.perYear : landingMessages.pricing.perMonth}
                </span>
              </p>
              {billing === "annual" ? (
                <Badge variant="secondary" className="mt-2 self-start">
                  {landingMessages.pricing.save(plan.annualSaving)}
                </Badge>
              ) : null}
              <ul className="mt-4 flex-1 space-y-1 text-sm">
                <li>{landingMessages.pricing.credits(plan.credits)}</li>
                <li>{landingMessages.pricing.perCredit(formatCount(plan.wordsPerCredit), plan.minutesPerCredit)}</li>
                <li>{landingMessages.pricing.addOn(plan.addOnPrice, plan.addOnMax)}</li>
              </ul>
              <Link
                {...openSignup}
                className={buttonClass(plan.popular ? "default" : "outline", "default", "mt-6 w-full")}
              >
                {landingMessages.pricing.choose(plan.name)}
              </Link>
            </Card>
          ))}
        </div>
        <Card className="mt-8 flex flex-col items-center gap-3 text-center sm:flex-row sm:justify-between sm:text-left">
          <div>
            <h3 className="font-semibold">{landingMessages.pricing.enterprise}</h3>
            <p className="text-sm text-muted-foreground">{landingMessages.pricing.enterpriseText}</p>
          </div>
          <Link {...openSignup} className={buttonClass("link")}>
            {landingMessages.pricing.enterpriseLink}
          </Link>
        </Card>
      </section>

      {signup ? (
        <SignupDialog
          state={signup}
          launchListConstraint={launchListConstraint}
          closeTo={searchWith(params, { signup: null })}
          onClose={inPlace(() => setSignup(null), searchWith(params, { signup: null }))}
        />
      ) : null}
    </div>
  );
}

type SignupDialogProps = {
  state: Exclude<Signup, null>;
  closeTo: string;
  onClose: (e: MouseEvent<HTMLAnchorElement>) => void;
  launchListConstraint: LandingProps["launchListConstraint"];
};

function SignupDialog({ state, closeTo, onClose, launchListConstraint }: SignupDialogProps) {
  return (
    <Dialog
      title={state === "thanks" ? landingMessages.signup.thanksTitle : landingMessages.signup.title}
      closeTo={{ search: closeTo, hash: "pricing-section" }}
      replace
      onClose={onClose}
      closeLabel={landingMessages.signup.close}
      width="md"
      titleClassName="font-serif text-2xl font-bold"
    >
      {state === "thanks" ? (
        <p className="text-muted-foreground">{landingMessages.signup.thanksText}</p>
      ) : (
        <div className="space-y-4">
          <p className="text-muted-foreground">{landingMessages.signup.text}</p>
          <LaunchListForm autoFocus constraint={launchListConstraint} />
        </div>
      )}
    </Dialog>
  );
}
