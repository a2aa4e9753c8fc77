/**
 * Sends a form (POST, or PUT to change something) with upload progress (fetch cannot report it). Resolves with the status and JSON body;
 * rejects only when the request could not be made at all.
 */
export function uploadWithProgress(
  url: string,
  body: FormData,
  onProgress: (fraction: number) => void,
  method: "POST" | "PUT" = "POST",
) {
  return new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        // a non-JSON answer (a proxy's error page): the status says enough
      }
      resolve({ status: xhr.status, json });
    };
    xhr.onerror = () => reject(new Error("network error"));
    xhr.send(body);
  });
}
