// A recipe box server of our own: how-text that moves, a guardrail that stays, a parameter with how-text.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'recipes', version: '1.0.0' });

server.registerTool(
  'recipes_find',
  {
    description:
      'Find recipes by ingredient or dish name. Use it when the user asks what they can cook. Returns at most 25 recipes, best match first. Each result has an id, a title, the cooking time in minutes and the list of ingredients. The cooking time includes resting time. Results are sorted by how many of the given ingredients a recipe uses, then by rating. Example: the query "leek potato" finds the leek and potato soup first. Example: the query "tofu" with a limit of 3 returns the three best rated tofu dishes. Example: the query "rice" finds risotto, paella and fried rice, in that order, and the query "cake" without a limit returns up to 25 cakes. Example: the query "pea" finds pea soup and risotto with peas but never peanut noodles, because every ingredient is matched as a whole word. Example response: [{"id": "r-12", "title": "Leek and potato soup", "minutes": 40, "ingredients": ["leek", "potato", "stock"]}].',
    inputSchema: {
      query: z.string().describe('Ingredients or a dish name. Example: "green curry".'),
      limit: z.number().optional().describe('How many recipes to return.'),
    },
  },
  async ({ query }) => ({ content: [{ type: 'text', text: `found ${query}` }] }),
);

server.registerTool(
  'recipes_show',
  {
    description:
      'Show one recipe in full. Use it after recipes_find, when the user picks a recipe. Returns the title, the servings, the ingredients with their amounts and the steps in order. Amounts are in metric units. The id must start with r- followed by digits. Returns an error when no recipe has that id. Example: showing r-12 returns the soup with its seven steps. Example: showing r-40 returns a pancake recipe for 2 servings with 5 ingredients, each with its amount in grams or millilitres. Example response: {"id": "r-12", "title": "Leek and potato soup", "servings": 4, "steps": ["Slice the leeks.", "Simmer for 30 minutes."]}.',
    inputSchema: {
      id: z.string().describe('The id of the recipe, as recipes_find returns it.'),
    },
  },
  async ({ id }) => ({ content: [{ type: 'text', text: `recipe ${id}` }] }),
);

server.registerTool(
  'recipes_delete',
  {
    description:
      'Delete a recipe from the box. Use it when the user asks to remove a recipe they saved. Never delete a recipe the user did not name: ask first when unsure. Returns the title of the deleted recipe. Example: deleting r-12 returns "Leek and potato soup" and the recipe is gone from recipes_find. Example: deleting r-7 and then r-8 returns two titles, one per call, and recipes_find no longer lists either of them. Example response: {"deleted": "r-12", "title": "Leek and potato soup"}.',
    inputSchema: {
      id: z.string().describe('The id of the recipe to delete.'),
    },
  },
  async ({ id }) => ({ content: [{ type: 'text', text: `deleted ${id}` }] }),
);

export { server };
