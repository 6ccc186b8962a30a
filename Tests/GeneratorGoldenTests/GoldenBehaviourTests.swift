import ClerkWire
import Foundation
import Testing

/// Runs the generator's golden output for the fixture schema: what the renderer emits is
/// not only byte-compared (GeneratorTests) but compiled here and exercised.
@Suite("Generated fixture code behaves")
struct GoldenBehaviourTests {
    static let fullPet = """
        {"object":"pet","id":"pet_1","status":"on_hold","species":["cat","sea-otter"],"weight_kg":4.5,"age":null,
        "vaccinated":true,"born_at":1700690400000,"owner":{"name":"Jane","pet_ids":["pet_1"]},"tags":{"color":"grey"},
        "metadata":{"any":[1,"two"]},"default":false,"microchip_code":"985112004567890","nickname":"Tom"}
        """

    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    private func jsonObject(_ data: Data) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }

    @Test func decodesEveryFieldType() throws {
        let pet = try decode(Pet.self, Self.fullPet)
        #expect(pet.status == .onHold)
        #expect(pet.species == [.cat, .seaOtter])
        #expect(pet.weightKg == 4.5 && pet.age == nil && pet.vaccinated)
        #expect(pet.bornAt.millisecondsSince1970 == 1_700_690_400_000)
        #expect(pet.owner?.petIDs == ["pet_1"])
        #expect(pet.tags == ["color": "grey"])
        #expect(pet.metadata?["any"] == [1, "two"])
        #expect(pet.default == false)
    }

    @Test func reencodesToEquivalentJSON() throws {
        let pet = try decode(Pet.self, Self.fullPet)
        let original = try jsonObject(Data(Self.fullPet.utf8))
        let reencoded = try jsonObject(try JSONEncoder().encode(pet))
        #expect(reencoded == original)
    }

    @Test func requiredNullableFieldsAreWrittenAsNullAndOptionalOnesOmitted() throws {
        let pet = Pet(id: "p", status: .available, species: [], vaccinated: false, bornAt: ClerkTimestamp(millisecondsSince1970: 0))
        let json = try jsonObject(try JSONEncoder().encode(pet))
        #expect(json["age"] is NSNull && json["owner"] is NSNull)
        #expect(json["weight_kg"] == nil && json["nickname"] == nil)
        #expect(json["object"] as? String == "pet")
    }

    @Test func aMissingRequiredFieldNamesItsPath() throws {
        let json = #"{"response":{"object":"pet","id":"p","status":"x","species":[],"vaccinated":true,"owner":null,"age":1},"client":null}"#
        do {
            _ = try decode(ClientEnvelope<Pet, Shelter>.self, json)
            Issue.record("decoded without born_at")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "born_at")
            #expect(context.codingPath.map(\.stringValue) == ["response"])
        }
    }

    @Test func missingOptionalAndExtraFieldsNeverFail() throws {
        let json =
            #"{"object":"pet","id":"p","status":"brand_new_status","species":["unicorn"],"vaccinated":true,"born_at":1,"age":null,"owner":{},"surprise":{"deep":[1]}}"#
        let pet = try decode(Pet.self, json)
        #expect(pet.status == "brand_new_status" && !pet.status.isKnown)
        #expect(pet.species == ["unicorn"])
        #expect(pet.owner == Owner())
    }

    @Test func secretsNeverAppearInDescriptionsOrDumps() throws {
        let pet = try decode(Pet.self, Self.fullPet)
        var dumped = ""
        dump(pet, to: &dumped)
        for text in [String(describing: pet), String(reflecting: pet), dumped, "\(pet)"] {
            #expect(!text.contains("985112004567890"))
            #expect(text.contains(Redaction.placeholder))
        }
        let body = AdoptPetRequest.Body(adopterName: "Jane", microchipCode: "985112004567890")
        var bodyDump = ""
        dump(AdoptPetRequest(shelterID: "s", petID: "p", body: body), to: &bodyDump)
        #expect(!bodyDump.contains("985112004567890") && !String(describing: body).contains("985112004567890"))
        #expect(bodyDump.contains("Jane"))
    }

    @Test func endpointDescribesItsRequest() throws {
        let request = AdoptPetRequest(
            shelterID: "sh/1", petID: "..",
            body: .init(
                adopterName: "Jane Doe", microchipCode: "c0de", species: .dog, acceptedSpecies: [.cat, "ferret"], visits: 2, termsAccepted: true,
                notes: ["a", "b"], profile: ["x": 1]))
        #expect(AdoptPetRequest.method == .post)
        #expect(AdoptPetRequest.operationID == "adoptPetOperation")
        #expect(AdoptPetRequest.pathTemplate == "/v1/shelters/{shelter_id}/pets/{pet_id}/adopt")
        #expect(AdoptPetRequest.routerPath == "/v1/shelters/:shelter_id/pets/:pet_id/adopt")
        #expect(request.path == "/v1/shelters/sh%2F1/pets/%2E%2E/adopt")
        #expect(!AdoptPetRequest.isSafeToRetry && GetPetRequest.isSafeToRetry)
        #expect(
            request.body.formFields().percentEncoded()
                == "adopter_name=Jane%20Doe&microchip_code=c0de&species=dog&accepted_species=cat&accepted_species=ferret&visits=2&terms_accepted=true&notes=a&notes=b&profile=%7B%22x%22%3A1%7D"
        )
    }

    @Test func bodiesRoundTripThroughTheirForm() throws {
        let body = AdoptPetRequest.Body(
            adopterName: "Jane", microchipCode: "c", acceptedSpecies: [.dog], termsAccepted: false, profile: ["nested": ["a": true]])
        let decoded = try AdoptPetRequest.Body(form: FormFields(percentEncoded: body.formFields().percentEncoded()))
        #expect(decoded == body)
    }

    @Test func serversGetTypedErrorsFromBadForms() throws {
        #expect(throws: FormDecodingError.missing(parameter: "microchip_code")) { try AdoptPetRequest.Body(form: [FormField("adopter_name", "J")]) }
        #expect(throws: FormDecodingError.unknown(parameter: "bribe")) {
            try AdoptPetRequest.Body(form: [FormField("adopter_name", "J"), FormField("microchip_code", "c"), FormField("bribe", "1")])
        }
        #expect(throws: FormDecodingError.invalidFormat(parameter: "visits", expected: "an integer")) {
            try AdoptPetRequest.Body(form: [FormField("adopter_name", "J"), FormField("microchip_code", "c"), FormField("visits", "many")])
        }
        let oneZero = try AdoptPetRequest.Body(form: [FormField("adopter_name", "J"), FormField("microchip_code", "c"), FormField("terms_accepted", "1")])
        #expect(oneZero.termsAccepted == true)
    }

    @Test func queryParametersAndResponseShapes() throws {
        let request = GetPetRequest(petID: "p1", includeOwner: true, fields: ["id", "status"])
        #expect(request.queryItems == [FormField("include_owner", "true"), FormField("fields", "id"), FormField("fields", "status")])
        #expect(GetPetRequest.responseShape == .enveloped && GetCertificateRequest.responseShape == .bare)
        let nullable = try decode(AdoptPetRequest.Response.self, #"{"response":null,"client":{"id":"sh"}}"#)
        #expect(nullable.response == nil && nullable.client?.id == "sh")
        let bare = try decode(GetCertificateRequest.Response.self, #"{"name":"Jane"}"#)
        #expect(bare.name == "Jane")
    }

    @Test func errorCatalogueCarriesStatusesAndMessages() {
        #expect(PetErrorCode.petNotFound.variants.count == 2)
        #expect(PetErrorCode.petNotFound.httpStatus == 404)
        #expect(PetErrorCode.petNotFound.variants.first?.longMessage == "No pet with that \"id\".")
        #expect(PetErrorCode.petUnknown.httpStatus == nil)
        #expect(PetErrorCode(rawValue: "never_heard_of_it").variants.isEmpty)
        #expect(PetErrorCode.knownValues.count == 2)
    }

    @Test func additionalPropertiesAreKeptAndWrittenBack() throws {
        let json = #"{"id":"sh_1","capacity":12,"tags":["cats"],"nested":{"a":null}}"#
        let shelter = try decode(Shelter.self, json)
        #expect(shelter.additionalProperties == ["capacity": 12, "tags": ["cats"], "nested": ["a": nil]])
        #expect(try jsonObject(try JSONEncoder().encode(shelter)) == jsonObject(Data(json.utf8)))
        let named = Shelter(id: "x", additionalProperties: ["id": "not me"])
        #expect(try jsonObject(try JSONEncoder().encode(named))["id"] as? String == "x")
    }

    @Test func enumsListTheirKnownValuesIncludingKeywordsAndEmpty() {
        #expect(PetStatus.knownValues == [.available, .onHold, .public, .unspecified])
        #expect(PetStatus.unspecified.rawValue == "")
        #expect(Species.seaOtter.rawValue == "sea-otter")
    }
}
