import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PLANS } from "~/utils/plans";

const STEPS = [
  { title: "Invite your family", text: "Create a story collection with a question, and we e-mail it to the relatives you choose." },
  { title: "They simply reply", text: "Relatives answer by replying to the e-mail, or through a web form that needs no account." },
  { title: "Listen and share", text: "Their stories become a narrated podcast episode and a family newsletter you can keep forever." },
];

const FEATURES = [
  { title: "E-mail story collection", text: "Invitations, gentle reminders and replies gathered for you." },
  { title: "Narrated podcasts", text: "One or two warm voices read your family's stories, with music if you like." },
  { title: "Family newsletter", text: "Each delivery is a newsletter with the stories, photos and an embedded episode." },
  { title: "Guest links", text: "Personal links for relatives who never want to create an account." },
];

export function Landing() {
  return (
    <div>
      <section className="mx-auto max-w-5xl px-4 py-20 text-center">
        <h1 className="font-serif text-4xl font-bold sm:text-5xl">Your family's stories, kept and told</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
          Storyhearth asks your relatives for their memories by e-mail and turns their answers into a narrated family podcast and newsletter.
        </p>
        <div className="mt-8 flex justify-center gap-3">
          <a href="#pricing-section" className={buttonClass("default", "lg")}>
            See plans
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
        </div>
      </section>

      <section id="features" className="mx-auto max-w-5xl px-4 py-16">
        <h2 className="text-center font-serif text-3xl font-bold">Features</h2>
        <div className="mt-10 grid gap-6 sm:grid-cols-2">
          {FEATURES.map((f) => (
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
            We built Storyhearth for families, caregivers and senior living communities who want to hear their elders' stories while there is time, in a
            way that works for everyone: a reply to an e-mail is all it takes.
          </p>
        </div>
      </section>

      <section id="pricing-section" className="mx-auto max-w-5xl px-4 py-16">
        <h2 className="text-center font-serif text-3xl font-bold">Plans</h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {PLANS.map((plan) => (
            <Card key={plan.name} className={plan.popular ? "border-primary ring-2 ring-primary" : undefined}>
              <h3 className="text-xl font-semibold">
                {plan.name} {plan.popular ? <span className="ml-1 text-sm text-primary">Most Popular</span> : null}
              </h3>
              <p className="mt-2 text-3xl font-bold">
                ${plan.monthly}
                <span className="text-base font-normal text-muted-foreground">/month</span>
              </p>
              <p className="text-sm text-muted-foreground">
                or ${plan.annual}/year (save ${plan.annualSaving})
              </p>
              <ul className="mt-4 space-y-1 text-sm">
                <li>
                  {plan.credits} credit{plan.credits > 1 ? "s" : ""} per month
                </li>
                <li>
                  Each credit: {plan.wordsPerCredit.toLocaleString("en-US")} words, {plan.minutesPerCredit} min
                </li>
                <li>
                  Add-on credit ${plan.addOnPrice} ({plan.addOnMax === null ? "no limit" : `max ${plan.addOnMax}`})
                </li>
              </ul>
            </Card>
          ))}
        </div>
      </section>
    </div>
  );
}
