import base from "@maumau/eslint-config";

export default base;
