"""Known identifiers for the API fuzzer: `fuzz-api-seeds.py BASE CUSTOMER_TOKEN ADMIN_TOKEN OUT`.

Random ids name nothing, so without real ones every route that reads a design, a colorway, a list,
a collection or a photo answers 404 and the fuzzer never reaches what the route does with it.
This reads the run's archive through the API (as the customer and as the admin), gives each role a
favorite list with an entry and the customer's company CAD rights, and writes a schemathesis
configuration for each role (OUT-customer.toml, OUT-admin.toml) whose dictionaries hold the ids
found, bound to the parameters and form fields that name them: a generated request uses a real id
with PROBABILITY and a generated one otherwise, so both the route's work and its "not found"
answers are fuzzed. Prints what it found.
"""

import json
import sys
import urllib.error
import urllib.parse
import urllib.request

PROBABILITY = 0.7

base, customer, admin, out = sys.argv[1:5]


def call(method, path, token, form=None, body=None, missing_is_fine=False):
    """The JSON answer of a call, or None when it failed (a missing part is left unbound)."""
    data, kind = None, None
    if form is not None:
        data, kind = urllib.parse.urlencode(form).encode(), "application/x-www-form-urlencoded"
    elif body is not None:
        data, kind = json.dumps(body).encode(), "application/json"
    request = urllib.request.Request(base + "/service" + path, data=data, method=method)
    request.add_header("Access-Token", token)
    if kind:
        request.add_header("Content-Type", kind)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as error:
        if not (missing_is_fine and error.code == 404):
            print(f"fuzz-api seeds: {method} {path}: {error}", file=sys.stderr)
        return None
    except (urllib.error.URLError, ValueError) as error:
        print(f"fuzz-api seeds: {method} {path}: {error}", file=sys.stderr)
        return None


def values(node, key):
    """Every value of `key` anywhere in a JSON answer."""
    found = []
    if isinstance(node, dict):
        for name, value in node.items():
            if name == key and isinstance(value, (str, int)) and value != "":
                found.append(value)
            else:
                found.extend(values(value, key))
    elif isinstance(node, list):
        for item in node:
            found.extend(values(item, key))
    return found


def unique(items):
    return list(dict.fromkeys(items))


found = {}
own_lists = {}

# One design the customer sees, with its colorways and their rendition versions: design and
# colorway parameters drawn apart still name a colorway of that design.
results = (call("POST", "/search/design/basic/0/20", customer, form={}) or {}).get("results", [])
if results:
    design = results[0]
    found["designs"] = [design["designGuid"]]
    found["colorways"] = [c["colorwayGuid"] for c in design.get("colorways", [])]
    found["versions"] = unique(
        urllib.parse.parse_qs(urllib.parse.urlparse(url).query).get("v", [""])[0]
        for url in design.get("thumbnails", {}).values()
    )
    # A favorite list of each role's own, with the design in it.
    for role, token in (("customer", customer), ("admin", admin)):
        call("PUT", "/favorites/create", token, form={"name": "Fuzz list"})
        lists = [str(i) for i in values(call("GET", "/favorites/lists", token), "id")]
        if lists and found["colorways"]:
            call("PUT", "/favorites/add", token,
                 form={"listid": lists[0], "designGuid": design["designGuid"],
                       "colorwayGuid": found["colorways"][0]})
        own_lists[role] = lists

# CAD for the customer's company (`create-user --customer-code FUZZ`), so that the CAD routes
# answer more than "not allowed".
general = call("GET", "/admin/settings/general", admin)
if general is not None:
    general.update(cadSelection=True, cadDownloadAll=True, export=True,
                   cadCompanyCodes=unique(general.get("cadCompanyCodes", []) + ["FUZZ"]))
    call("PUT", "/admin/settings/general", admin, body=general)
    found["banners"] = values(general.get("banners", []), "id")

collections = call("GET", "/admin/new-collection/all", admin)
found["collections"] = unique(values(collections, "id"))
found["slugs"] = unique(values(collections, "slug"))
images = []
for collection in found["collections"]:
    # Collections that are not mood boards answer 404 here.
    board = call("GET", f"/collections/get-mood-boards/{collection}", admin, missing_is_fine=True) or {}
    images += [image["id"] for image in board.get("images", [])]
found["images"] = unique(images)
found["wears"] = unique(values(call("POST", "/wear/get-models", customer, form={}), "wearGuid")
                        + values(call("POST", "/admin/wears/get-all", admin, form={}), "guid"))
found["labels"] = unique(values(call("POST", "/get/labels", admin, form={}), "id"))
found["archives"] = unique(values(call("POST", "/get/archives", admin, form={}), "archiveId"))
found["specialLists"] = unique(values(call("GET", "/get/special-lists", customer), "id"))
found["companies"] = unique(values(call("POST", "/admin/customers/get-all", admin, form={}), "customerGuid"))
found["pools"] = unique(values(call("POST", "/admin/pool/all", admin, form={}), "guid"))
found = {name: [v for v in items if v not in ("", None)] for name, items in found.items()}

# Where each kind of id goes: (dictionary, parameters) for every operation, and path ids by route.
everywhere = {
    "designs": ["path.design", "path.recognizer", "body.designGuid"],
    "colorways": ["path.colorway", "body.colorwayGuid", "body.similarId"],
    "versions": ["path.version", "query.v"],
    "lists": ["body.listid", "body.listId"],
    "collections": ["body.collectionId", "body.subCollectionId"],
    "slugs": ["path.slug"],
    "images": ["body.imageId"],
    "wears": ["path.wear", "body.wearGuid"],
    "archives": ["body.archiveId", "body.defaultArchiveId"],
    "labels": ["body.labelIds[*]", "body.into"],
    "specialLists": ["body.specialListId"],
    "companies": ["body.customerGuid", "body.companyGuid"],
    "pools": ["body.bagId", "body.poolGuid"],
}
by_route = [
    ("lists", "^/service/favorites/", "path.id"),
    ("collections", "^/service/(collections/(cover|get-mood-boards)|basic-colleciton/get|search/collection|admin/new-collection)/", "path.id"),
    ("images", "^/service/collections/image/", "path.id"),
    ("banners", "^/service/banner/", "path.id"),
    ("wears", "^/service/(wear/thumbnail|admin/wears)/", "path.guid"),
    ("specialLists", "^/service/admin/special-lists/", "path.id"),
    ("labels", "^/service/admin/labels/", "path.id"),
]


def config(lists):
    dictionaries = dict(found, lists=lists)
    lines = ["# Written by scripts/fuzz-api-seeds.py for one run: the run's own ids.", ""]
    for name, items in dictionaries.items():
        if items:
            lines += [f"[dictionaries.{name}]",
                      "values = [" + ", ".join(json.dumps(v) for v in items) + "]", ""]
    lines.append("[parameters]")
    for name, keys in everywhere.items():
        if dictionaries.get(name):
            lines.extend(f'"{key}" = {binding(name)}' for key in keys)
    lines.append("")
    for name, regex, key in by_route:
        if dictionaries.get(name):
            # A JSON string is a TOML basic string.
            lines += ["[[operations]]", f"include-path-regex = {json.dumps(regex)}",
                      f'parameters = {{ "{key}" = {binding(name)} }}', ""]
    return "\n".join(lines)


def binding(name):
    return f'{{ dictionary = "{name}", probability = {PROBABILITY} }}'


for role in ("customer", "admin"):
    with open(f"{out}-{role}.toml", "w") as file:
        file.write(config(own_lists.get(role, [])))
found.update({f"{role} lists": lists for role, lists in own_lists.items()})
print("fuzz-api seeds: " + ", ".join(f"{len(v)} {k}" for k, v in found.items()))
