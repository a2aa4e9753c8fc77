import { Form, useNavigation } from "react-router";
import { Button } from "../ui/button";

export type IdentityProviderChoice = { id: string; label: string };

/**
 * "Continue with <provider>": one POST form each (it works without JavaScript), to /auth/identity, which sends
 * the browser on to the provider. Only the providers the deployment configured are passed in.
 */
export function IdentityProviderButtons({
  providers,
  redirectTo,
}: {
  providers: IdentityProviderChoice[];
  redirectTo: string;
}) {
  const navigation = useNavigation();
  const starting =
    navigation.state !== "idle" && navigation.formAction === "/auth/identity"
      ? navigation.formData?.get("provider")
      : null;
  return providers.map((provider) => (
    <Form key={provider.id} method="post" action="/auth/identity">
      <input type="hidden" name="provider" value={provider.id} />
      {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
      <Button type="submit" variant="outline" className="w-full" disabled={starting === provider.id}>
        {starting === provider.id ? "Please wait..." : `Continue with ${provider.label}`}
      </Button>
    </Form>
  ));
}
